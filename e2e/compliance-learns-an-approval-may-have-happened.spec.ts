import { expect, test } from "@playwright/test";
import pg from "pg";
import { openQueueFor } from "./support/approval-queue";
import { auditRowsOf, serviceDatabaseUrl, withConsoleDatabase } from "./support/database";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/**
 * The payment API takes longer than the console waits (PAYMENT_API_TIMEOUT_MS, 15 s here) and then carries the
 * approval out anyway. Arranged for real: the test holds a lock on the payment's row in the service's database, so
 * the service's approval waits on it, and lets go once the console has given up.
 */
test("an approval the payment API does not answer in time is shown as 'may have happened', recorded as unknown, and never sent twice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Dora Lento");
  const payment = await receiveSandboxPayment(customer.id, 4_200);
  await signInPage(page, "compliance");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toBeVisible();
  const keysSent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/approve")) {
      keysSent.push(request.headers()["idempotency-key"] ?? "none");
    }
  });

  const lock = new pg.Client({ connectionString: serviceDatabaseUrl() });
  await lock.connect();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await lock.query("ROLLBACK");
    await lock.end();
  };
  try {
    await lock.query("BEGIN");
    await lock.query("SELECT id FROM transactions WHERE id = $1 FOR UPDATE", [payment.id]);

    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve payment" });
    const approve = dialog.getByRole("button", { name: "Approve payment" });
    await approve.click();
    const notice = dialog.getByText("It may have happened: check before trying again.");
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole("link", { name: "See the payment" })).toHaveAttribute(
      "href",
      `/transactions/${encodeURIComponent(payment.id)}`,
    );
    await expect(
      page.getByText("This may have happened: the payment API did not answer in time."),
    ).toBeVisible();
    await shot(page, "approval-may-have-happened", { fullPage: false });

    // Trying again sends the same action with the same key: the console answers with the first outcome at once
    // and forwards nothing (the service's approval is still waiting on the lock).
    const [retry] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/approve")),
      approve.click(),
    ]);
    expect(retry.status()).toBe(504);
    expect(retry.headers()["idempotent-replayed"]).toBe("true");
    await expect(notice).toBeVisible();
    expect(keysSent).toHaveLength(2);
    expect(keysSent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keysSent[1]).toBe(keysSent[0]);

    // The officer follows the link to check the payment while the API still works on it.
    await dialog.getByRole("link", { name: "See the payment" }).click();
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/transactions/${payment.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await release();
  }
  // The API carried the first request out after all, and the page the officer checks says so.
  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("COMPLETED");
  await page.reload();
  await expect(page.getByText("Completed").first()).toBeVisible();

  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ outcome: string; request_id: string }>(
          "SELECT outcome, request_id FROM audit_events WHERE target_id = $1 AND action = 'payment.approve' ORDER BY id",
          [payment.id],
        )
      ).rows,
  );
  expect(rows.map((row) => row.outcome)).toEqual(["attempted", "unknown"]);
  expect(new Set(rows.map((row) => row.request_id)).size).toBe(1);
  expect((await auditRowsOf(rows[0]?.request_id ?? ""))[1]?.summary).toMatchObject({
    reason: "UPSTREAM_TIMEOUT",
  });

  // The audit log shows it under its own outcome; the notice leads to the payment.
  await page.goto("/audit?outcome=unknown");
  await expect(page.getByRole("row").filter({ hasText: payment.id })).toBeVisible();
  await shot(page, "audit-outcome-unknown");
});
