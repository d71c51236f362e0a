import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { webhookRejections } from "../db/schema";
import { passThrottle } from "../events/throttle";
import { excerptText, REJECTION_LIMITS, recordRejection, rejectionsNotStoredSince } from "./rejections";

let db: ConsoleDatabase;

beforeAll(async () => {
  const url = await createTestDatabase("webhook_rejections");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 8 });
});

afterAll(async () => {
  await db.pool.end();
});

const body = (text: string) => new TextEncoder().encode(text);
const rejection = (address: string) => ({
  address,
  reason: "missing_signature",
  excerpt: body("x".repeat(300)),
  bodyBytes: 1024 * 1024,
});

async function storedCount(): Promise<number> {
  const rows = await db.select({ value: sql<number>`count(*)::int` }).from(webhookRejections);
  return rows[0]?.value ?? 0;
}

describe("recordRejection", () => {
  it("stores an address's first rejections of the minute and only counts the rest, across concurrent calls", async () => {
    await db.execute(sql`truncate webhook_rejections, webhook_rejection_counts`);
    const limits = { ...REJECTION_LIMITS, storedPerAddressPerMinute: 5 };
    const since = new Date(Date.now() - 60_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => recordRejection(db, rejection("203.0.113.7"), limits)),
    );
    // A minute can turn during the run: then the new minute's first five are stored too.
    const stored = results.filter(Boolean).length;
    expect([5, 10]).toContain(stored);
    expect(await storedCount()).toBe(stored);
    expect(await rejectionsNotStoredSince(db, since, limits)).toBe(40 - stored);
    // Another address has its own limit.
    expect(await recordRejection(db, rejection("198.51.100.2"), limits)).toBe(true);
  });

  it("keeps the newest rows only, and a short storable excerpt of each", async () => {
    await db.execute(sql`truncate webhook_rejections, webhook_rejection_counts`);
    const limits = { ...REJECTION_LIMITS, keepRows: 10 };
    for (let index = 0; index < 25; index++) {
      await recordRejection(
        db,
        { ...rejection(`192.0.2.${index}`), excerpt: body(`${index}\u0000${"y".repeat(400)}`) },
        limits,
      );
    }
    const rows = await db
      .select({ id: webhookRejections.id, excerpt: webhookRejections.bodyExcerpt })
      .from(webhookRejections)
      .orderBy(webhookRejections.id);
    expect(rows).toHaveLength(10);
    expect(rows[0]?.excerpt.startsWith("15\uFFFD")).toBe(true);
    expect(rows.every((row) => Buffer.byteLength(row.excerpt) <= 256 + 2)).toBe(true);
  });

  it("drops rows and counts older than the retention", async () => {
    await db.execute(sql`truncate webhook_rejections, webhook_rejection_counts`);
    await db.insert(webhookRejections).values({
      reason: "bad_signature",
      bodyExcerpt: "old",
      bodyBytes: 3,
      receivedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    });
    await recordRejection(db, rejection("192.0.2.1"));
    expect(await storedCount()).toBe(1);
  });
});

describe("excerptText", () => {
  it("cuts at the byte limit and makes what it keeps storable", () => {
    // "é" is two bytes: cut in its middle, it becomes U+FFFD rather than a broken character.
    expect(excerptText(body("aé"), 2)).toBe("a\uFFFD");
    expect(excerptText(body("a\u0000b"), 256)).toBe("a\uFFFDb");
  });
});

describe("passThrottle", () => {
  it("lets exactly one of many concurrent callers through per interval", async () => {
    const passed = await Promise.all(Array.from({ length: 20 }, () => passThrottle(db, "test-throttle", 60)));
    expect(passed.filter(Boolean)).toHaveLength(1);
    expect(await passThrottle(db, "test-throttle", 60)).toBe(false);
    expect(await passThrottle(db, "test-throttle", 0)).toBe(true);
  });
});
