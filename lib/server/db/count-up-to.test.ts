import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "./client";
import { countUpTo, keysetPageWithCount } from "./count-up-to";
import { auditEvents } from "./schema";
import { createConsoleTestDatabase } from "./test-database";

let db: ConsoleDatabase;

beforeAll(async () => {
  ({ db } = await createConsoleTestDatabase("count_up_to"));
  for (let index = 0; index < 7; index++)
    await db.insert(auditEvents).values({
      action: index < 4 ? "payment.approve" : "config.update",
      outcome: "allowed",
      requestId: `req-${index}`,
    });
});

afterAll(async () => {
  await db.pool.end();
});

describe("countUpTo", () => {
  const order = desc(auditEvents.id);

  it("counts every match, or those matching the filter", async () => {
    expect(await countUpTo(db, auditEvents, undefined, order)).toBe(7);
    expect(await countUpTo(db, auditEvents, eq(auditEvents.action, "payment.approve"), order)).toBe(4);
    expect(await countUpTo(db, auditEvents, eq(auditEvents.action, "nothing.such"), order)).toBe(0);
  });

  it("says nothing past its limit, and counts exactly up to it", async () => {
    expect(await countUpTo(db, auditEvents, undefined, order, 6)).toBeUndefined();
    expect(await countUpTo(db, auditEvents, undefined, order, 7)).toBe(7);
  });
});

describe("keysetPageWithCount", () => {
  const pageOf = (
    limit: number,
    cursor: string | undefined,
    where = eq(auditEvents.action, "payment.approve"),
  ) =>
    keysetPageWithCount(
      db,
      { table: auditEvents, id: auditEvents.id, where, cursor, limit },
      (w, order, take) =>
        db.select({ id: auditEvents.id }).from(auditEvents).where(w).orderBy(order).limit(take),
    );

  it("reads newest first a page at a time, each page with the count of every match", async () => {
    const first = await pageOf(3, undefined);
    expect(first.data).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    expect(first.totalCount).toBe(4);
    const ids = first.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.nextCursor).toBe(String(ids.at(-1)));

    // The next page: after the cursor, still counting every match, and no cursor once nothing is left.
    const second = await pageOf(3, first.nextCursor);
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?.id).toBeLessThan(Number(first.nextCursor));
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeUndefined();
    expect(second.totalCount).toBe(4);
  });

  it("gives no cursor when one page holds every match", async () => {
    const all = await pageOf(4, undefined);
    expect(all).toMatchObject({ hasMore: false, totalCount: 4 });
    expect(all.data).toHaveLength(4);
    expect(all.nextCursor).toBeUndefined();
  });
});
