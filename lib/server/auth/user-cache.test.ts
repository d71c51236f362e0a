import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { UserCache, userCache } from "./user-cache";
import { createUser, findUserById, type UserRow, updateUser } from "./users";

let url: string;
let db: ConsoleDatabase;
let user: UserRow;

beforeAll(async () => {
  url = await createTestDatabase("user_cache");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 4 });
  user = await createUser(db, {
    email: "cache@example.test",
    name: "Cache",
    role: "viewer",
    password: "a-long-enough-password",
  });
});

afterAll(async () => {
  await db.pool.end();
});

/** A loader that counts how often the cache went to the database. */
function counting() {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    return findUserById(db, user.id);
  };
  return { calls, load };
}

async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not met within 2 s");
}

describe("UserCache", () => {
  it("keeps a user only while it listens, and reloads one changed by another process as the change commits", async () => {
    const cache = new UserCache();
    const { calls, load } = counting();
    await cache.find(user.id, url, load);
    await cache.listen(url);
    expect(cache.live).toBe(true);
    await cache.find(user.id, url, load);
    await cache.find(user.id, url, load);
    expect(calls.count).toBe(2);

    // Another process (the CLI, another console instance) changes the role straight in the database.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(
      "update users set role = 'admin', session_version = session_version + 1 where id = $1",
      [user.id],
    );
    await eventually(async () => (await cache.find(user.id, url, load))?.role === "admin");
    const loadsAfterChange = calls.count;
    await cache.find(user.id, url, load);
    expect(calls.count).toBe(loadsAfterChange);

    // While the LISTEN connection is gone nothing is kept; once it is back, caching resumes.
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN console_users' and datname = current_database()",
    );
    await eventually(() => !cache.live);
    const before = calls.count;
    await cache.find(user.id, url, load);
    await cache.find(user.id, url, load);
    expect(calls.count).toBe(before + 2);
    await other.end();
    await cache.close();
  });

  it("a change made by this process is seen on the very next lookup", async () => {
    // users.ts drops a changed user from the process's shared cache as soon as its update returns.
    const cache = userCache();
    await cache.listen(url);
    const { load } = counting();
    const first = await cache.find(user.id, url, load);
    await updateUser(db, user.id, { role: "compliance" });
    const next = await cache.find(user.id, url, load);
    expect(next?.role).toBe("compliance");
    expect(next?.sessionVersion).toBe((first?.sessionVersion ?? 0) + 1);
    await cache.close();
  });

  it("does not keep a row loaded while the user changed", async () => {
    const cache = new UserCache();
    await cache.listen(url);
    await updateUser(db, user.id, { role: "developer" });
    const current = await findUserById(db, user.id);
    if (!current) throw new Error("the user is gone");
    // The load read the row as it was (a viewer), then the user changed before the load returned.
    await cache.find(user.id, url, async () => {
      cache.forget(user.id);
      return { ...current, role: "viewer" };
    });
    const { calls, load } = counting();
    expect((await cache.find(user.id, url, load))?.role).toBe("developer");
    expect(calls.count).toBe(1);
    await cache.close();
  });
});
