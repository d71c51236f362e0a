import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "../support/database";
import type { Role } from "../support/environment";
import { serviceApi } from "../support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "../support/fixtures";
import { HOLD_EVERYTHING } from "../support/policy-documents";
import { signInRequest } from "../support/session";

// Issue 46 items 7, 11 and 12, as an insider with one account would try them at the console's own routes: a
// webhook endpoint that looks unchanged, a reason nobody can read, and JSON nested until something overflows.

test.describe.configure({ mode: "serial" });

// What the sandbox's USD senders share (service/domain/incoming-payments.ts).
const SENDER_BIRTH_DATE = "1990-04-12";

async function signedIn(baseURL: string | undefined, role: Role): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
}

async function webhookEndpoint(): Promise<string> {
  return ((await (await serviceApi("/config")).json()) as { webhookEndpoint: string }).webhookEndpoint;
}

// The four-eyes rule is the whole console's: leave it off and nothing waiting, for other specs.
test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("DELETE FROM console_settings WHERE key = 'four-eyes'");
    await client.query("UPDATE config_proposals SET status = 'withdrawn' WHERE status = 'proposed'");
  });
});

test("a webhook endpoint with a trailing invisible space is refused, not slipped past the second admin (item 7)", async ({
  baseURL,
}) => {
  const admin = await signedIn(baseURL, "admin");
  const on = await admin.put("/api/config/four-eyes", {
    data: { config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true } },
  });
  expect(on.status()).toBe(200);
  const before = await webhookEndpoint();
  expect(before).toMatch(/^https?:\/\//);
  const pendingBefore = await withConsoleDatabase(
    async (client) =>
      (await client.query("SELECT id FROM config_proposals WHERE status = 'proposed'")).rowCount ?? 0,
  );

  for (const ch of ["\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b"]) {
    const label = `U+${ch.codePointAt(0)?.toString(16).padStart(4, "0")}`;
    const response = await admin.patch("/api/payments/config", {
      data: { webhookEndpoint: `${before}${ch}` },
    });
    expect(response.status(), label).toBe(400);
    const error = (await response.json()) as { code: string; details: { fields: { path: string }[] } };
    expect(error.code, label).toBe("INVALID_INPUT");
    expect(
      error.details.fields.map((field) => field.path),
      label,
    ).toContain("webhookEndpoint");
  }
  // Nothing changed at the API, and nothing waits for a second admin either.
  expect(await webhookEndpoint()).toBe(before);
  const pendingAfter = await withConsoleDatabase(
    async (client) =>
      (await client.query("SELECT id FROM config_proposals WHERE status = 'proposed'")).rowCount ?? 0,
  );
  expect(pendingAfter).toBe(pendingBefore);
  await admin.dispose();
});

test("a reveal with ten zero-width spaces as its reason is refused and reveals nothing (item 11)", async ({
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Ina Visible");
  const payment = await receiveSandboxPayment(customer.id, 3_300);
  const compliance = await signedIn(baseURL, "compliance");
  for (const justification of [
    "\u200b".repeat(10),
    "\u200b".repeat(200),
    "\u2060\u200c\u200d\ufeff".repeat(5),
  ]) {
    const response = await compliance.post("/api/privacy/reveal", {
      data: { transactionId: payment.id, field: "BIRTH_DATE", justification },
    });
    expect(response.status()).toBe(400);
    const text = await response.text();
    expect(text).not.toContain(SENDER_BIRTH_DATE);
    expect((JSON.parse(text) as { code: string }).code).toBe("INVALID_INPUT");
  }
  const allowed = await withConsoleDatabase(
    async (client) =>
      (
        await client.query(
          "SELECT id FROM audit_events WHERE action = 'privacy.reveal' AND target_id = $1 AND outcome = 'allowed'",
          [payment.id],
        )
      ).rowCount,
  );
  expect(allowed).toBe(0);
  // A reason a person can read still works.
  const readable = await compliance.post("/api/privacy/reveal", {
    data: { transactionId: payment.id, field: "BIRTH_DATE", justification: "Sanctions screening match" },
  });
  expect(readable.status()).toBe(200);
  await compliance.dispose();
});

// Every console route that reads a JSON body, and the relay's routes the issue named; ids that exist nowhere are
// fine, the body is read before anything is looked up.
const JSON_ROUTES: [method: "POST" | "PUT" | "PATCH", path: string][] = [
  ["POST", "/api/policies"],
  ["POST", "/api/policies/00000000-0000-4000-8000-000000000000/propose"],
  ["POST", "/api/policies/00000000-0000-4000-8000-000000000000/activate"],
  ["POST", "/api/policies/00000000-0000-4000-8000-000000000000/decline"],
  ["POST", "/api/policies/backtest"],
  ["PUT", "/api/approvals/thresholds"],
  ["PUT", "/api/approvals/emergency-hold"],
  ["PUT", "/api/config/four-eyes"],
  ["POST", "/api/team"],
  ["PATCH", "/api/team/00000000-0000-4000-8000-000000000000"],
  ["POST", "/api/team/00000000-0000-4000-8000-000000000000/password"],
  ["POST", "/api/tokens/proposals"],
  ["POST", "/api/views"],
  ["PATCH", "/api/views/00000000-0000-4000-8000-000000000000"],
  ["PUT", "/api/privacy/visibility"],
  ["POST", "/api/privacy/reveal"],
  ["POST", "/api/transactions/Transaction:00000000-0000-4000-8000-000000000000/evidence"],
  ["POST", "/api/webhooks/check"],
  ["POST", "/api/account/password"],
  ["PUT", "/api/environment"],
  ["PATCH", "/api/payments/config"],
  ["POST", "/api/payments/tokens"],
  ["POST", "/api/payments/customers"],
  ["POST", "/api/payments/quotes"],
];

test("JSON nested 50,000 deep is 400 on every route that takes a JSON body, never 500 (item 12)", async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(baseURL, "admin");
  // Editing a draft looks the draft up before reading the body: give it one to find.
  const created = await admin.post("/api/policies", {
    data: { document: HOLD_EVERYTHING, note: "e2e: deep JSON" },
  });
  expect(created.status()).toBe(201);
  const draftId = ((await created.json()) as { version: { id: string } }).version.id;
  const routes: [method: "POST" | "PUT" | "PATCH", path: string][] = [
    ...JSON_ROUTES,
    ["PUT", `/api/policies/${draftId}`],
  ];
  const deep = "[".repeat(50_000) + "]".repeat(50_000);
  const deepObject = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;
  // Past the limit but small enough for every route's size limit: the depth rule, not the size, answers.
  const pastLimit = `${'{"a":'.repeat(100)}1${"}".repeat(100)}`;
  for (const [method, path] of routes) {
    const label = `${method} ${path}`;
    for (const body of [deep, deepObject]) {
      const response = await admin.fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        data: body,
      });
      // A route whose body limit is under 100 kB answers 413 first; none may fail.
      expect([400, 413], label).toContain(response.status());
      expect((await response.json()) as { status: number }, label).toMatchObject({
        status: response.status(),
      });
    }
    const response = await admin.fetch(path, {
      method,
      headers: { "content-type": "application/json" },
      data: pastLimit,
    });
    expect(response.status(), label).toBe(400);
    expect(((await response.json()) as { message: string }).message, label).toContain("64 deep");
  }
  await withConsoleDatabase((client) =>
    client.query("DELETE FROM policy_versions WHERE id = $1 AND status = 'draft'", [draftId]),
  );
  await admin.dispose();
});

test("values no database can compare are a 400 (or the route's 404), never a 500: NUL in an address, year 0, a bigint past its range", async ({
  baseURL,
}) => {
  const compliance = await signedIn(baseURL, "compliance");
  const cases: [method: "GET" | "POST", path: string, expected: number][] = [
    ["GET", "/api/audit?target=%00", 400],
    ["GET", "/api/audit?cursor=999999999999999999999", 400],
    ["GET", "/api/audit?from=0000-01-01T00:00:00Z", 400],
    ["GET", "/api/audit/export?target=%00", 400],
    ["GET", "/api/inbox?from=0000-01-01T00:00:00Z", 400],
    ["GET", "/api/inbox?transactionId=%00", 400],
    ["GET", "/api/transactions/%00/events", 400],
    ["GET", "/api/screening/results?payment=%00", 400],
    ["POST", "/api/screening/results/------------------------------------/dismiss", 404],
    ["POST", "/api/payments/transactions/%00/approve", 400],
    ["GET", "/api/payments/transactions?startDate=0000-01-01T00:00:00Z", 400],
  ];
  for (const [method, path, expected] of cases) {
    const response =
      method === "GET"
        ? await compliance.get(path)
        : await compliance.post(path, {
            data: { listId: "un", entryId: "x", reason: "0123456789 a reason" },
          });
    expect({ method, path, status: response.status() }).toEqual({ method, path, status: expected });
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).not.toBe("INTERNAL_ERROR");
    expect(body.message).not.toMatch(/\bat \w|postgres|sql/i);
  }
  // A refused export leaves no "allowed" row saying the log was copied.
  const exported = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_events WHERE action = 'audit.export' AND summary::text LIKE '%\\\\u0000%'",
        )
      ).rows[0]?.n,
  );
  expect(exported).toBe(0);
  await compliance.dispose();
});
