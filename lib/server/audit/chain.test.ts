import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { auditEvents } from "../db/schema";
import { verifyAuditChain } from "./verify";

let url: string;
let db: ConsoleDatabase;

beforeAll(async () => {
  url = await createTestDatabase("audit_chain");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 8 });
});

afterAll(async () => {
  await db.pool.end();
});

const row = (index: number) => ({
  action: "payment.reject",
  outcome: index % 2 ? ("attempted" as const) : ("allowed" as const),
  actorEmail: `person${index}@example.test`,
  requestId: `req-${index}`,
  clientRequestId: index % 3 ? null : `client-${index}`,
  targetId: index % 5 ? `Transaction:${index}` : null,
  upstreamStatus: index % 2 ? null : 200,
  // What people type, and what jsonb rewrites: accents, emoji, quotes, backslashes, key order, nesting, numbers.
  summary: { z: 1, reason: `Zoë 😀 "quoted" \\ ${index}`, a: [1.5, null, { b: true }], ŋ: "ü" },
});

/** Runs SQL as the database's owner would, bypassing the application (an attacker with database access). */
async function tamper(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("ALTER TABLE audit_events DISABLE TRIGGER USER");
    await client.query(statement);
    await client.query("ALTER TABLE audit_events ENABLE TRIGGER USER");
  } finally {
    await client.end();
  }
}

describe("the audit log's hash chain", () => {
  it("is one ordered chain when many write at once, and the JavaScript check agrees with the database", async () => {
    await Promise.all(Array.from({ length: 60 }, (_, index) => db.insert(auditEvents).values(row(index))));
    const { rows } = await db.execute<{ id: string; occurred_at: string }>(
      sql`SELECT id::text, occurred_at::text FROM audit_events ORDER BY audit_events.id`,
    );
    // One sequence value per row, under the chain's lock: ids and times follow the chain.
    expect(rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    const times = rows.map((r) => new Date(r.occurred_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const checker = await verifyAuditChain(db);
    expect(checker.rows).toBe(60);
    expect(checker.problems).toEqual([]);
  });

  it("cannot be given a hash by the writer: the database computes it", async () => {
    await db.insert(auditEvents).values({ ...row(99), hash: "f".repeat(64), prevHash: "e".repeat(64) });
    expect((await verifyAuditChain(db)).problems).toEqual([]);
  });

  it("names a row changed in PostgreSQL, a row removed, and rows cut from the end", async () => {
    await tamper(`UPDATE audit_events SET summary = '{"reason": "nothing to see"}' WHERE id = 7`);
    await tamper("DELETE FROM audit_events WHERE id = 20");
    await tamper("DELETE FROM audit_events WHERE id = 61");
    const problems = (await verifyAuditChain(db)).problems;
    expect(problems.map(({ id, kind }) => `${kind} ${id}`)).toEqual([
      "changed 7",
      "removed 21",
      "truncated 61",
    ]);
    expect(problems[1]?.message).toBe("row 20 removed: row 21 does not follow row 19");
  });

  it("refuses UPDATE and DELETE from the application", async () => {
    await expect(db.execute(sql`DELETE FROM audit_events WHERE id = 1`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE audit_events SET action = 'x' WHERE id = 1`)).rejects.toThrow();
  });
});

describe("the chain's migration", () => {
  it("chains the rows a log already held, in id order", async () => {
    const oldUrl = await createTestDatabase("audit_chain_upgrade");
    // The migrations as they were before the chain: the journal cut before 0004.
    const folder = mkdtempSync(path.join(tmpdir(), "console-migrations-"));
    const migrations = path.join(import.meta.dirname, "../db/migrations");
    cpSync(migrations, folder, { recursive: true });
    const journalPath = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < "0004");
    writeFileSync(journalPath, JSON.stringify(journal));
    const client = new pg.Client({ connectionString: oldUrl });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder, migrationsSchema: "console_migrations" });
      for (const index of [1, 2, 3]) {
        await client.query(
          `INSERT INTO audit_events (occurred_at, action, outcome, request_id, summary)
           VALUES (now() - interval '1 day' + make_interval(secs => $1 * 0.0001234), 'config.update', 'allowed', $2, $3)`,
          [index, `old-${index}`, JSON.stringify({ n: index, note: "Zoë" })],
        );
      }
    } finally {
      await client.end();
      rmSync(folder, { recursive: true, force: true });
    }
    await migrateConsoleDatabase(oldUrl);
    const upgraded = createConsoleDatabase(oldUrl, { max: 2 });
    try {
      await upgraded.insert(auditEvents).values(row(4));
      const checker = await verifyAuditChain(upgraded);
      expect(checker.rows).toBe(4);
      expect(checker.problems).toEqual([]);
    } finally {
      await upgraded.pool.end();
    }
  });
});
