import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../support/environment";
import { signInRequest } from "../support/session";
import { queryConsoleDatabase, SIGNATURE_HEADER, signWebhook } from "../support/webhooks";

// Failed queries are made to happen on purpose: a CHECK constraint, added for this spec and dropped after it,
// refuses rows marked for it, so the console's insert fails while it carries personal data as its parameters.
const MARK = `refused-${randomUUID().slice(0, 8)}`;
const CONSTRAINTS = [
  ["webhook_events", "e2e_refuses_marked_webhooks", `webhook_id not like 'Webhook:${MARK}%'`],
  ["users", "e2e_refuses_marked_users", `email not like '${MARK}%'`],
] as const;

test.beforeAll(async () => {
  for (const [table, name, check] of CONSTRAINTS) {
    await queryConsoleDatabase(`alter table ${table} add constraint ${name} check (${check}) not valid`);
  }
});

test.afterAll(async () => {
  for (const [table, name] of CONSTRAINTS) {
    await queryConsoleDatabase(`alter table ${table} drop constraint if exists ${name}`);
  }
});

const startLog = () => readFileSync(path.join(E2E_DATA_DIR, "logs", "start.log"), "utf8");

/** The log's lines that name the request, once the console has written them (the log is written as it runs). */
async function logLinesOf(requestId: string): Promise<string> {
  await expect.poll(() => startLog().includes(requestId), { timeout: 10_000 }).toBe(true);
  return startLog()
    .split("\n")
    .filter((line) => line.includes(requestId))
    .join("\n");
}

function expectAbsent(log: string, values: readonly string[]): void {
  expect(values.filter((value) => log.includes(value))).toEqual([]);
}

test("a webhook whose insert fails is logged with its error code and request id, not its personal data", async ({
  request,
}) => {
  const clientId = `e2e-${randomUUID()}`;
  const person = { FULL_NAME: "Zelda Quixote-Marrowbank", BIRTH_DATE: "1961-04-23" };
  const body = JSON.stringify({
    webhookId: `Webhook:${MARK}-${randomUUID()}`,
    type: "INCOMING_PAYMENT",
    timestamp: new Date().toISOString(),
    transaction: {
      id: `Transaction:${randomUUID()}`,
      status: "PENDING",
      type: "INCOMING",
      counterpartyInformation: person,
    },
  });
  const response = await request.post("/api/webhooks", {
    data: body,
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signWebhook(body),
      "x-request-id": clientId,
    },
  });
  expect(response.status()).toBe(503);
  // The console names the request by its own id, never the one the caller chose.
  const requestId = response.headers()["x-request-id"] ?? "";
  expect(requestId).not.toBe(clientId);
  const lines = await logLinesOf(requestId);
  expect(lines).toContain("23514");
  expect(lines).toContain("e2e_refuses_marked_webhooks");
  expectAbsent(startLog(), [person.FULL_NAME, person.BIRTH_DATE, "params:", "Failing row"]);
});

test("a team member whose insert fails is logged without their name, email or password hash", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const clientId = `e2e-${randomUUID()}`;
  const member = { email: `${MARK}-ottilie@example.test`, name: "Ottilie Brannagh-Vexley", role: "viewer" };
  const response = await admin.post("/api/team", {
    data: { ...member, password: "a-long-enough-password-1234" },
    headers: { "x-request-id": clientId },
  });
  expect(response.status()).toBe(500);
  const requestId = response.headers()["x-request-id"] ?? "";
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const lines = await logLinesOf(requestId);
  expect(lines).toContain("23514");
  expect(lines).toContain("users");
  expectAbsent(startLog(), [
    member.name,
    member.email,
    "$argon2id$",
    "a-long-enough-password-1234",
    "params:",
  ]);
  // The person who saw the 500 can quote the id the log knows it by (it is the one the lines above carry).
  await admin.dispose();
});
