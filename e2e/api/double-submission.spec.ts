import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "../support/database";
import { balanceOf, createIndividualCustomer, firstAccountAt } from "../support/fixtures";
import { signInRequest } from "../support/session";

test("one user action is forwarded once: a double click and a retry get the first answer, a reused key for another request is refused", async ({
  baseURL,
}) => {
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(developer, "developer");
  const customer = await createIndividualCustomer("Doble Clic");
  const account = await firstAccountAt(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&currency=USD`,
  );
  const fund = `/api/payments/sandbox/internal-accounts/${encodeURIComponent(account)}/fund`;
  const key = randomUUID();
  const send = (amount: number, idempotencyKey: string = key) =>
    developer.post(fund, { data: { amount }, headers: { "idempotency-key": idempotencyKey } });

  // A double click: the same request twice at once.
  const [first, second] = await Promise.all([send(1_000), send(1_000)]);
  expect([first.status(), second.status()]).toEqual([200, 200]);
  expect(await second.json()).toEqual(await first.json());
  const replayed = [first, second].filter((response) => response.headers()["idempotent-replayed"] === "true");
  expect(replayed).toHaveLength(1);
  expect(await balanceOf(customer.id, "USD")).toBe(1_000);

  // A retry later: answered with the first outcome, not forwarded.
  const retry = await send(1_000);
  expect(retry.status()).toBe(200);
  expect(retry.headers()["idempotent-replayed"]).toBe("true");
  expect(await balanceOf(customer.id, "USD")).toBe(1_000);

  // The same key for a different request is a mistake, not a repeat.
  const different = await send(2_000);
  expect(different.status()).toBe(422);
  expect(await different.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  expect(await balanceOf(customer.id, "USD")).toBe(1_000);

  // A new action (a new key) goes through.
  expect((await send(1_000, randomUUID())).status()).toBe(200);
  expect(await balanceOf(customer.id, "USD")).toBe(2_000);

  // The audit log has the first action once: one attempt, one outcome; the reused key's request, refused, has its
  // own attempt and refusal (issue 46 item 13: every refused attempt is recorded).
  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ outcome: string }>(
          "SELECT outcome FROM audit_events WHERE action = 'sandbox.fund' AND target_id = $1 ORDER BY id",
          [account],
        )
      ).rows,
  );
  expect(rows.map((row) => row.outcome)).toEqual([
    "attempted",
    "allowed",
    "attempted",
    "refused",
    "attempted",
    "allowed",
  ]);

  // Keys are checked: too short or not printable is 400.
  expect((await send(1_000, "short")).status()).toBe(400);
});
