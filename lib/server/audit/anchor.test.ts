import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { ensureRuntimeRole, grantRuntimeRole, runtimeRoleConcerns, runtimeUrl } from "../db/runtime-role";
import { auditEvents } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import {
  AnchorChecker,
  type AuditCheckpoint,
  type AuditKey,
  auditKeyOf,
  readCheckpoints,
  rowMac,
  writeAuditCheckpoint,
} from "./anchor";
import { consoleAuditKey, writeAudit } from "./log";
import { verifyAuditChain } from "./verify";

const AUTH_SECRET = randomBytes(32).toString("base64url");
const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
const opened: ConsoleDatabase[] = [];

/** A pool for the test, ended after the file. */
function pool(url: string): ConsoleDatabase {
  const db = createConsoleDatabase(url, { max: 4 });
  opened.push(db);
  return db;
}

async function asClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const content = (index: number) => ({
  actorId: null,
  actorEmail: `person${index}@example.test`,
  actorRole: "compliance" as const,
  action: "payment.reject",
  targetId: `Transaction:${index}`,
  outcome: index % 2 ? ("attempted" as const) : ("allowed" as const),
  upstreamStatus: index % 2 ? null : 200,
  requestId: `req-${index}`,
  clientRequestId: index % 3 ? null : `client-${index}`,
  // What jsonb rewrites: key order, spacing, numbers; and what people type.
  summary: { z: 1, reason: `Zoë 😀 "quoted" \\ ${index}`, a: [1.5, null, { b: true }], ŋ: "ü", big: 1e21 },
});

/** A log of `rows` keyed rows as the console writes them, and a checkpoint of its head in a file of its own. */
async function anchoredLog(label: string, rows = 6) {
  const { url } = await createConsoleTestDatabase(label);
  const db = pool(url);
  const key = auditKeyOf({ AUTH_SECRET }) as AuditKey;
  for (let index = 0; index < rows; index++) {
    await db.insert(auditEvents).values({ ...content(index), mac: rowMac(key, content(index)) });
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), "audit-checkpoints-")), "audit-checkpoints.jsonl");
  // None for an empty log.
  const checkpoint = (await writeAuditCheckpoint(db, key, file)) as AuditCheckpoint;
  /** What `npm run audit:verify` reports with the key: every problem's message. */
  const verify = async () => {
    const { checkpoints, unreadable } = readCheckpoints(file);
    const checker = await verifyAuditChain(db, new AnchorChecker(key, checkpoints, unreadable, file));
    return checker.problems.map((problem) => problem.message);
  };
  /** The same without the key: the hash chain alone, as before the anchor. */
  const verifyChainOnly = async () => (await verifyAuditChain(db)).problems.map((problem) => problem.message);
  /** SQL as a superuser holding the database but not the key, triggers off while it runs. */
  const attack = (statements: string) =>
    asClient(url, async (client) => {
      await client.query("ALTER TABLE audit_events DISABLE TRIGGER USER");
      await client.query(statements);
      await client.query("ALTER TABLE audit_events ENABLE TRIGGER USER");
    });
  return { url, db, key, file, checkpoint, verify, verifyChainOnly, attack };
}

/** Every row's hash recomputed in id order with the database's own function, and the head set to the last row. */
const RECOMPUTE = `
  DO $$
  DECLARE r audit_events; prev text := repeat('0', 64); h text;
  BEGIN
    FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
      h := audit_row_hash(prev, r);
      UPDATE audit_events SET prev_hash = prev, hash = h WHERE id = r.id;
      prev := h;
    END LOOP;
    DELETE FROM audit_chain_head;
    INSERT INTO audit_chain_head (singleton, last_id, hash)
      SELECT true, id, hash FROM audit_events ORDER BY id DESC LIMIT 1;
  END $$`;

let url: string;
let role: string;
let runtimeDb: ConsoleDatabase;

beforeAll(async () => {
  ({ url } = await createConsoleTestDatabase("audit_anchor_roles"));
  // The launcher's arrangement (scripts/start.ts): migrations as the owner, the console as a role of its own.
  role = `console_app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(18).toString("base64url");
  await ensureRuntimeRole(url.replace(/\/[^/]+$/, "/postgres"), role, password);
  await grantRuntimeRole(url, role);
  const runtime = runtimeUrl(url, role, password);
  runtimeDb = pool(runtime);
  Object.assign(process.env, {
    DATABASE_URL: runtime,
    AUTH_SECRET,
    PAYMENT_API_BASE_URL: "http://127.0.0.1:1/2025-10-13",
    PAYMENT_API_TOKEN_ID: "test",
    PAYMENT_API_CLIENT_SECRET: "test",
  });
  holder.__consoleDatabase = runtimeDb;
});

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await Promise.all(opened.map((db) => db.pool.end()));
});

describe("the console's database role", () => {
  it("writes keyed rows through the chain, and may not truncate, disable a trigger, update, delete or create", async () => {
    for (let index = 0; index < 3; index++) {
      const { actorEmail, actorRole, ...rest } = content(index);
      await writeAudit({
        ...rest,
        actor: { id: "00000000-0000-4000-8000-00000000000a", email: actorEmail, role: actorRole },
      });
    }
    const stored = await asClient(url, (client) =>
      client.query<{ mac: string | null }>("SELECT mac FROM audit_events ORDER BY id"),
    );
    expect(stored.rows.map((row) => row.mac)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    // Written by the console, checked by the verifier: the mac survives jsonb's rewriting of the summary.
    const key = consoleAuditKey() as AuditKey;
    const checked = new AnchorChecker(key, []);
    expect((await verifyAuditChain(runtimeDb, checked)).problems).toEqual([]);
    expect(checked.keyed).toBe(3);

    expect(await runtimeRoleConcerns(process.env.DATABASE_URL ?? "")).toEqual([]);
    const refused = async (statement: string) => {
      const error = await runtimeDb.execute(sql.raw(statement)).then(
        () => null,
        (caught: unknown) => caught as { cause?: { message?: string }; message: string },
      );
      return error ? (error.cause?.message ?? error.message) : `${statement} succeeded`;
    };
    expect(await refused("TRUNCATE audit_events")).toMatch(/permission denied/);
    expect(await refused("TRUNCATE audit_chain_head")).toMatch(/permission denied/);
    expect(await refused("ALTER TABLE audit_events DISABLE TRIGGER USER")).toMatch(/must be owner/);
    expect(await refused("DROP TRIGGER audit_events_no_truncate ON audit_events")).toMatch(/must be owner/);
    expect(await refused("UPDATE audit_events SET action = 'nothing'")).toMatch(/permission denied/);
    expect(await refused("DELETE FROM audit_events")).toMatch(/permission denied/);
    expect(await refused("UPDATE audit_chain_head SET last_id = 1")).toMatch(/permission denied/);
    expect(await refused("DELETE FROM audit_chain_head")).toMatch(/permission denied/);
    expect(await refused("CREATE TABLE shadow (id int)")).toMatch(/permission denied for schema public/);
    expect(await refused("SELECT nextval(pg_get_serial_sequence('audit_events', 'id'))")).toMatch(
      /permission denied/,
    );
    expect(
      (await asClient(url, (client) => client.query("SELECT count(*)::int AS n FROM audit_events"))).rows[0],
    ).toEqual({ n: 3 });
  });

  it("is named at start when it is a superuser or owns the log (the test tooling's own role)", async () => {
    expect(await runtimeRoleConcerns(url)).toEqual([
      "the database role postgres is a superuser",
      "the database role postgres owns audit_events",
    ]);
  });

  it("truncating the log is refused even to its owner, by a trigger", async () => {
    await expect(asClient(url, (client) => client.query("TRUNCATE audit_events"))).rejects.toThrow(
      /audit_events is append-only: TRUNCATE is refused/,
    );
    await expect(asClient(url, (client) => client.query("TRUNCATE audit_chain_head"))).rejects.toThrow(
      /audit_chain_head is append-only: TRUNCATE is refused/,
    );
  });
});

describe("npm run audit:verify with the key, against someone holding the database but not the key", () => {
  it("passes an intact log, checking every mac and the checkpoint", async () => {
    const log = await anchoredLog("audit_anchor_intact");
    expect(await log.verify()).toEqual([]);
    expect(log.checkpoint).toMatchObject({ lastId: "6", rowCount: 6 });
  });

  it("names a truncation, the head removed with it", async () => {
    const log = await anchoredLog("audit_anchor_truncated");
    await log.attack("TRUNCATE audit_events; DELETE FROM audit_chain_head");
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      `rows 1–6 removed (truncation): checkpoint at ${log.checkpoint.at} recorded 6 rows, the log holds none of them`,
    ]);
  });

  it("names a truncation even when the console wrote on after it", async () => {
    const log = await anchoredLog("audit_anchor_truncated_then_written");
    await log.attack("TRUNCATE audit_events; DELETE FROM audit_chain_head");
    await log.db.insert(auditEvents).values({ ...content(7), mac: rowMac(log.key, content(7)) });
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([expect.stringMatching(/^rows 1–6 removed \(truncation\)/)]);
  });

  it("names the head row deleted, the chain's head moved back to the row before", async () => {
    const log = await anchoredLog("audit_anchor_head_deleted");
    await log.attack(
      "DELETE FROM audit_events WHERE id = 6; UPDATE audit_chain_head SET last_id = 5, hash = (SELECT hash FROM audit_events WHERE id = 5)",
    );
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      `the head row 6 recorded by the checkpoint at ${log.checkpoint.at} is gone (1 of the 6 rows it recorded are missing)`,
    ]);
  });

  it("names a row rewritten and every hash recomputed with the database's own function", async () => {
    const log = await anchoredLog("audit_anchor_recomputed");
    await log.attack(
      `UPDATE audit_events SET summary = '{"reason": "Nothing to see"}' WHERE id = 3; ${RECOMPUTE}`,
    );
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      "row 3 was rewritten: its mac does not match",
      `hashes recomputed: row 6's hash differs from the checkpoint at ${log.checkpoint.at}`,
    ]);
  });

  it("names a row removed from the middle and the hashes recomputed", async () => {
    const log = await anchoredLog("audit_anchor_middle");
    await log.attack(`DELETE FROM audit_events WHERE id = 2; ${RECOMPUTE}`);
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      `hashes recomputed: row 6's hash differs from the checkpoint at ${log.checkpoint.at}`,
    ]);
  });

  it("names a row forged in the database, which cannot have a mac", async () => {
    const log = await anchoredLog("audit_anchor_forged");
    await asClient(log.url, (client) =>
      client.query(
        "INSERT INTO audit_events (action, outcome, request_id, summary, mac) VALUES ('config.update', 'allowed', 'forged', '{}', NULL)",
      ),
    );
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      "row 7 has no mac, though rows from 1 on are keyed: it was written or rewritten without the audit key",
    ]);
  });

  it("names every mac stripped and a row forged after them, from the first keyed row the checkpoint recorded", async () => {
    const log = await anchoredLog("audit_anchor_stripped");
    expect(log.checkpoint.keyedFrom).toBe("1");
    await log.attack("UPDATE audit_events SET mac = NULL");
    await asClient(log.url, (client) =>
      client.query(
        "INSERT INTO audit_events (action, outcome, request_id, summary) VALUES ('config.update', 'allowed', 'forged', '{}')",
      ),
    );
    expect(await log.verifyChainOnly()).toEqual([]);
    expect(await log.verify()).toEqual([
      "7 rows have no mac (rows 1, 2, 3, 4, 5, …), though rows from 1 on are keyed: written or rewritten without the audit key",
    ]);
  });

  it("names a checkpoint edited in its file, and passes rows from before the key as not keyed", async () => {
    const log = await anchoredLog("audit_anchor_checkpoint_edited");
    const line = readFileSync(log.file, "utf8");
    writeFileSync(log.file, line.replace('"rowCount":6', '"rowCount":5'));
    expect(await log.verify()).toEqual([
      `the checkpoint at ${log.checkpoint.at} (row 6) in ${log.file} is not signed by the audit key: forged or altered`,
    ]);

    const older = await anchoredLog("audit_anchor_older_rows", 0);
    await older.db.insert(auditEvents).values(content(1));
    await older.db.insert(auditEvents).values({ ...content(2), mac: rowMac(older.key, content(2)) });
    const checker = new AnchorChecker(older.key, []);
    expect((await verifyAuditChain(older.db, checker)).problems).toEqual([]);
    expect([checker.notKeyed, checker.keyed]).toEqual([1, 1]);
  });

  it("writes one checkpoint for a head, however many consoles ask at once", async () => {
    const log = await anchoredLog("audit_anchor_once");
    const file = path.join(path.dirname(log.file), "shared-checkpoints.jsonl");
    const consoles = Array.from({ length: 4 }, () => pool(log.url));
    await Promise.all(consoles.map((db) => writeAuditCheckpoint(db, log.key, file)));
    expect(readCheckpoints(file).checkpoints).toHaveLength(1);
    await log.db.insert(auditEvents).values({ ...content(9), mac: rowMac(log.key, content(9)) });
    await writeAuditCheckpoint(log.db, log.key, file);
    await writeAuditCheckpoint(log.db, log.key, file);
    expect(readCheckpoints(file).checkpoints.map((c) => [c.lastId, c.rowCount, c.keyedFrom])).toEqual([
      ["6", 6, "1"],
      ["7", 7, "1"],
    ]);
  });
});
