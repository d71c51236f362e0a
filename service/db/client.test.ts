import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test-support/database";
import {
  createServiceDatabase,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  preparedOnce,
  type ServiceDatabase,
} from "./client";

const setting = pgTable("setting", { id: integer("id").primaryKey(), value: text("value").notNull() });

describe("service database transactions", () => {
  let db: ServiceDatabase;
  let url: string;

  beforeAll(async () => {
    url = await createTestDatabase("client");
    db = createServiceDatabase(url, { max: 4 });
    await db.execute(sql`create table pair (id int primary key, value int not null)`);
    await db.execute(sql`insert into pair values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await db.pool.end();
  });

  it("runs the deadlock victim again, so both of two crossing transactions commit", async () => {
    // Each transaction locks one row, waits until the other holds the other row, then asks for it: a certain
    // deadlock on the first attempt. PostgreSQL aborts one; it must be run again and succeed.
    let holding = 0;
    const bothHold = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (holding >= 2) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    const attempts = { first: 0, second: 0 };
    const cross = (name: "first" | "second", mine: number, theirs: number) =>
      db.transaction(async (tx) => {
        attempts[name]++;
        await tx.execute(sql`update pair set value = value + 1 where id = ${mine}`);
        if (attempts[name] === 1) {
          holding++;
          await bothHold;
        }
        await tx.execute(sql`update pair set value = value + 1 where id = ${theirs}`);
      });
    await Promise.all([cross("first", 1, 2), cross("second", 2, 1)]);
    expect(attempts.first + attempts.second).toBe(3);
    const rows = await db.execute<{ id: number; value: number }>(sql`select id, value from pair order by id`);
    expect(rows.rows.map((row) => row.value)).toEqual([2, 2]);
  }, 30_000);

  it("does not run a transaction again for other errors", async () => {
    let attempts = 0;
    await expect(
      db.transaction(async (tx) => {
        attempts++;
        await tx.execute(sql`insert into pair values (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it("recognises the retryable codes, also when wrapped", () => {
    expect(isRetryableTransactionError({ code: "40P01" })).toBe(true);
    expect(isRetryableTransactionError(new Error("wrapped", { cause: { code: "40001" } }))).toBe(true);
    expect(isRetryableTransactionError({ code: "23505" })).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });

  it("builds a prepared statement once per database, runs it on every connection, and reads current rows", async () => {
    await db.execute(sql`create table setting (id int primary key, value text not null)`);
    await db.execute(sql`insert into setting values (1, 'before')`);
    let built = 0;
    const readSetting = preparedOnce((database) => {
      built++;
      return database
        .select({ value: setting.value })
        .from(setting)
        .where(eq(setting.id, 1))
        .prepare("test_read_setting");
    });
    const readAll = async (database: ServiceDatabase) =>
      (await Promise.all(Array.from({ length: 8 }, () => readSetting(database).execute()))).map(
        (rows) => rows[0]?.value,
      );

    // Eight at once over a pool of four: the statement is prepared on several connections under one name.
    expect(await readAll(db)).toEqual(Array(8).fill("before"));
    await db.update(setting).set({ value: "after" }).where(eq(setting.id, 1));
    expect(await readAll(db)).toEqual(Array(8).fill("after"));
    expect(built).toBe(1);

    const other = createServiceDatabase(url, { max: 2 });
    try {
      expect(await readAll(other)).toEqual(Array(8).fill("after"));
      expect(built).toBe(2);
    } finally {
      await other.pool.end();
    }
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows a database out of reach, however wrapped, from a request's own failure", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], "every address refused"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("no route"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
