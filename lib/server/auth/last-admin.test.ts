import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import { findUserById, updateUserKeepingAnAdmin } from "./users";

let db: ConsoleDatabase;
let url: string;

beforeAll(async () => {
  ({ db, url } = await createConsoleTestDatabase("last-admin"));
});

afterAll(async () => {
  await db?.pool.end();
});

async function admins(...emails: string[]) {
  return db
    .insert(users)
    .values(emails.map((email) => ({ email, name: email, role: "admin" as const })))
    .returning();
}

describe("the last active admin", () => {
  it("is never disabled or demoted, even by two admins disabling each other at the same moment", async () => {
    const [ada, bea] = await admins("ada@example.com", "bea@example.com");
    if (!ada || !bea) throw new Error("no admins");
    // Another session holds Ada's row, so both changes are in flight together when it lets go: each would count
    // two admins if it counted without waiting its turn.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [ada.id]);
    let settled = 0;
    const changes = [
      updateUserKeepingAnAdmin(db, ada, { disabled: true }),
      updateUserKeepingAnAdmin(db, bea, { role: "viewer" }),
    ].map((change) => change.finally(() => settled++));
    const outcomesPromise = Promise.allSettled(changes);
    // Let go once every change has either finished or is waiting on a lock.
    for (let tries = 0; tries < 200; tries++) {
      const waiting = await holder.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if ((waiting.rows[0]?.n ?? 0) + settled >= 2) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await holder.query("COMMIT");
    await holder.end();
    const outcomes = await outcomesPromise;
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({ status: 409, code: "LAST_ADMIN" });
    const left = [await findUserById(db, ada.id), await findUserById(db, bea.id)].filter(
      (user) => user?.role === "admin" && user.disabledAt === null,
    );
    expect(left).toHaveLength(1);
  });

  it("changes anyone else, and an admin who is not the last, at once", async () => {
    const [cid, dee] = await admins("cid@example.com", "dee@example.com");
    if (!cid || !dee) throw new Error("no admins");
    expect((await updateUserKeepingAnAdmin(db, cid, { name: "Cid Renamed" }))?.name).toBe("Cid Renamed");
    expect((await updateUserKeepingAnAdmin(db, cid, { role: "compliance" }))?.role).toBe("compliance");
  });
});
