import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "./client";
import { countUpTo } from "./count-up-to";
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
