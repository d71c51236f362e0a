import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import pg from "pg";
import { runtimeDatabasePassword } from "../../scripts/lib/console-database-url";
import { auditRowsOf, withConsoleDatabase } from "../support/database";
import { consoleDatabaseUrl, E2E_DATA_DIR, localSecrets, serviceApi } from "../support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "../support/fixtures";
import { signInRequest } from "../support/session";

const run = promisify(execFile);

/**
 * `npm run audit:verify` on the e2e console's database, as its superuser, with the e2e data directory's secrets:
 * the audit key and the checkpoints the console wrote (lib/server/audit/anchor.ts).
 */
const verify = (...args: string[]) =>
  run(
    "node",
    [
      "--import",
      "tsx",
      "--import",
      "./scripts/lib/server-only-condition.mjs",
      "scripts/audit-verify.ts",
      ...args,
    ],
    { env: { ...process.env, DATABASE_URL: consoleDatabaseUrl(), DATA_DIR: E2E_DATA_DIR } },
  ).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
    }),
  );

async function signedIn(baseURL: string | undefined, role: "admin" | "compliance" | "developer") {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
}

test("text the console cannot store is refused with 400 naming the field, and nothing happens", async ({
  baseURL,
}) => {
  const compliance = await signedIn(baseURL, "compliance");
  const admin = await signedIn(baseURL, "admin");
  const customer = await createIndividualCustomer();
  const payment = await receiveSandboxPayment(customer.id, 2_000);
  const config = await (await admin.get("/api/payments/config")).json();

  const attempts = [
    [
      compliance,
      `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
      { reason: "bad \ud800" },
    ],
    [
      compliance,
      `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
      { reason: "nul \u0000" },
    ],
    [admin, "/api/payments/config", { webhookEndpoint: "https://example.com/\ud800" }],
    [admin, "/api/payments/config", { "extra\udc00": 1 }],
    [admin, "/api/team", { email: `s-${Date.now()}@demo.local`, name: "Lone \ud800", role: "admin" }],
    [admin, "/api/team", { email: `n-${Date.now()}@demo.local`, name: "Nul\u0000Name", role: "admin" }],
  ] as const;
  for (const [context, url, body] of attempts) {
    // Sent as the JSON text a browser would write: JSON.stringify escapes a lone surrogate as \ud800.
    const response = await context.fetch(url, {
      method: url.endsWith("/config") ? "PATCH" : "POST",
      headers: { "content-type": "application/json" },
      data: JSON.stringify(body),
    });
    expect(response.status(), `${url} ${JSON.stringify(body)}`).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(answer.details.fields[0].path).toMatch(/^(reason|webhookEndpoint|name|extra\uFFFD)$/);
  }
  expect(await transactionStatus(payment.id)).toBe("PENDING");
  expect((await (await admin.get("/api/payments/config")).json()).webhookEndpoint).toBe(
    config.webhookEndpoint,
  );
  const team = (await (await admin.get("/api/team")).json()) as { data: { name: string }[] };
  expect(team.data.map((user) => user.name).filter((name) => /Lone|Nul/.test(name))).toEqual([]);
});

test("an action whose attempt cannot be recorded is refused with 503, and nothing is forwarded", async ({
  baseURL,
}) => {
  const admin = await signedIn(baseURL, "admin");
  const before = await (await serviceApi("/config")).json();
  const endpoint = `https://audit-down-${Date.now()}.example.com/webhooks`;
  await withConsoleDatabase((client) =>
    client.query(
      "ALTER TABLE audit_events ADD CONSTRAINT e2e_audit_down CHECK (action <> 'config.update') NOT VALID",
    ),
  );
  try {
    const response = await admin.patch("/api/payments/config", { data: { webhookEndpoint: endpoint } });
    expect(response.status()).toBe(503);
    expect(await response.json()).toMatchObject({ status: 503, code: "AUDIT_UNAVAILABLE" });
    const email = `audit-down-${Date.now()}@demo.local`;
    await withConsoleDatabase((client) =>
      client.query(
        "ALTER TABLE audit_events ADD CONSTRAINT e2e_audit_down_team CHECK (action <> 'team.user.create') NOT VALID",
      ),
    );
    const created = await admin.post("/api/team", { data: { email, name: "Not Made", role: "admin" } });
    expect(created.status()).toBe(503);
    const team = (await (await admin.get("/api/team")).json()) as { data: { email: string }[] };
    expect(team.data.map((user) => user.email)).not.toContain(email);
  } finally {
    await withConsoleDatabase((client) =>
      client.query(
        "ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS e2e_audit_down, DROP CONSTRAINT IF EXISTS e2e_audit_down_team",
      ),
    );
  }
  expect((await (await serviceApi("/config")).json()).webhookEndpoint).toBe(before.webhookEndpoint);
});

test("an action is recorded as an attempt before and an outcome after, under the console's own request id", async ({
  baseURL,
}) => {
  const compliance = await signedIn(baseURL, "compliance");
  const customer = await createIndividualCustomer();
  const payment = await receiveSandboxPayment(customer.id, 3_000);
  const response = await compliance.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    {
      data: { reason: "Sanctions list match" },
      headers: { "x-request-id": "forged-by-the-client" },
    },
  );
  expect(response.status()).toBe(200);
  const requestId = response.headers()["x-request-id"] ?? "";
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const rows = await auditRowsOf(requestId);
  expect(rows.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(rows.every((row) => row.client_request_id === "forged-by-the-client")).toBe(true);
  expect(
    rows.every((row) => row.target_id === payment.id && row.summary.reason === "Sanctions list match"),
  ).toBe(true);
  // The client's id is never taken for the console's own.
  expect(await auditRowsOf("forged-by-the-client")).toEqual([]);
  // Refusals by the console record the refusal under its id too.
  const refused = await compliance.patch("/api/payments/config", {
    data: { umaDomain: "x.example" },
    headers: { "x-request-id": "forged-by-the-client" },
  });
  expect(refused.status()).toBe(403);
  const refusedRows = await auditRowsOf(refused.headers()["x-request-id"] ?? "");
  expect(refusedRows.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "config.update attempted",
    "config.update refused",
  ]);
});

test("npm run audit:verify passes on the running console, names a row changed in PostgreSQL, and checks an export", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const intact = await verify();
  expect(intact.out).toContain("every hash and link intact");
  expect(intact.code).toBe(0);

  // An auditor's copy: the whole log as CSV, checked on its own.
  const admin = await signedIn(baseURL, "admin");
  const exported = await admin.get("/api/audit/export");
  expect(exported.status()).toBe(200);
  const csv = await exported.text();
  expect(csv.split("\r\n")[0]).toContain("prev_hash,hash");
  const folder = mkdtempSync(path.join(tmpdir(), "audit-copy-"));
  const copy = path.join(folder, "audit-log.csv");
  writeFileSync(copy, csv);
  const copyChecked = await verify("--csv", copy, "--complete");
  expect(copyChecked.out).toContain("every hash and link intact");
  writeFileSync(copy, csv.replace("Sanctions list match", "Nothing to see"));
  const copyEdited = await verify("--csv", copy);
  expect(copyEdited.code).toBe(1);
  expect(copyEdited.out).toMatch(/row \d+ was changed/);

  // Someone with database access rewrites a reason, bypassing the append-only trigger.
  const target = await withConsoleDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; summary: string }>(
      "SELECT id::text, summary::text FROM audit_events WHERE summary->>'reason' = 'Sanctions list match' ORDER BY audit_events.id DESC LIMIT 1",
    );
    const row = rows[0];
    if (!row) throw new Error("no row to tamper with");
    await client.query("ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only");
    await client.query(`UPDATE audit_events SET summary = '{"reason": "Nothing to see"}' WHERE id = $1`, [
      row.id,
    ]);
    return row;
  });
  try {
    const tampered = await verify();
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain(`row ${target.id} was changed`);
  } finally {
    await withConsoleDatabase(async (client) => {
      await client.query("UPDATE audit_events SET summary = $2::jsonb WHERE id = $1", [
        target.id,
        target.summary,
      ]);
      await client.query("ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only");
    });
  }
  expect((await verify()).code).toBe(0);
});

test("the console runs as a database role that cannot truncate the log, and a truncation by the superuser is named", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Whoever the console is connected as, while it answers.
  const admin = await signedIn(baseURL, "admin");
  expect((await admin.get("/api/audit")).status()).toBe(200);
  const roles = () =>
    withConsoleDatabase(async (client) => {
      const { rows } = await client.query<{ usename: string; rolsuper: boolean }>(
        `SELECT DISTINCT a.usename, r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
         WHERE a.datname = 'console' AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
      );
      return rows;
    });
  // Polled: a connection of the test tooling's closed a moment ago may still be leaving.
  await expect.poll(roles).toEqual([{ usename: "console_app", rolsuper: false }]);
  // Its role may not truncate the log (nor, being no owner, switch off the trigger that refuses it to everyone).
  const runtime = consoleDatabaseUrl().replace(
    /^postgres:\/\/postgres:[^@]*@/,
    `postgres://console_app:${encodeURIComponent(runtimeDatabasePassword(localSecrets().databasePassword))}@`,
  );
  const asConsole = new pg.Client({ connectionString: runtime });
  await asConsole.connect();
  try {
    await expect(asConsole.query("TRUNCATE audit_events")).rejects.toThrow(/permission denied/);
    await expect(asConsole.query("ALTER TABLE audit_events DISABLE TRIGGER USER")).rejects.toThrow(
      /must be owner/,
    );
  } finally {
    await asConsole.end();
  }

  // Each export anchors the head in the checkpoint file, outside the database.
  expect((await admin.get("/api/audit/export")).status()).toBe(200);
  const checkpoints = readFileSync(path.join(E2E_DATA_DIR, "audit-checkpoints.jsonl"), "utf8")
    .trim()
    .split("\n");
  expect(JSON.parse(checkpoints.at(-1) ?? "{}")).toMatchObject({ lastId: expect.stringMatching(/^\d+$/) });
  // Verified with the key, the log is intact: every row the console wrote keyed, every checkpoint matched.
  const before = await verify();
  expect(before.out).toContain("every hash and link intact");
  expect(before.out).toMatch(
    /keyed: [1-9]\d* rows' macs checked, 0 older rows not keyed; [1-9]\d* checkpoint/,
  );
  expect(before.code).toBe(0);

  // The superuser (someone holding the database, not the key) switches the trigger off, truncates, drops the head.
  const attacker = new pg.Client({ connectionString: consoleDatabaseUrl() });
  await attacker.connect();
  try {
    await expect(attacker.query("TRUNCATE audit_events")).rejects.toThrow(/append-only: TRUNCATE is refused/);
    await attacker.query("CREATE TEMP TABLE saved_events AS SELECT * FROM audit_events");
    await attacker.query("CREATE TEMP TABLE saved_head AS SELECT * FROM audit_chain_head");
    await attacker.query("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_truncate");
    await attacker.query("TRUNCATE audit_events");
    await attacker.query("DELETE FROM audit_chain_head");
    await attacker.query("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_truncate");
    try {
      const truncated = await verify();
      expect(truncated.code).toBe(1);
      expect(truncated.out).toMatch(/rows 1–\d+ removed \(truncation\): checkpoint at \S+ recorded \d+ rows/);
    } finally {
      // Put the log back as it was, for the specs after this one: triggers off for this session only.
      await attacker.query("SET session_replication_role = replica");
      await attacker.query("INSERT INTO audit_events SELECT * FROM saved_events");
      await attacker.query("INSERT INTO audit_chain_head SELECT * FROM saved_head");
      await attacker.query("SET session_replication_role = DEFAULT");
    }
  } finally {
    await attacker.end();
  }
  expect((await verify()).code).toBe(0);
});
