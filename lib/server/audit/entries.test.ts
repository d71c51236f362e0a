import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { auditEvents, users } from "../db/schema";
import { type AuditFilters, auditMatching, walkAuditEvents } from "./entries";

let db: ConsoleDatabase;

beforeAll(async () => {
  const url = await createTestDatabase("audit_entries");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 2 });
  const entry = (action: string, outcome: "allowed" | "refused", actorEmail: string) => ({
    action,
    outcome,
    actorEmail,
    requestId: `req-${action}`,
  });
  // One at a time, so the ids follow this order.
  for (const row of [
    entry("payment.approve", "allowed", "carla@example.test"),
    entry("payment.reject", "allowed", "carla@example.test"),
    entry("payment.reject", "refused", "vic@example.test"),
    entry("config.update", "allowed", "ada@example.test"),
    entry("paymentx.other", "allowed", "ada@example.test"),
  ]) {
    await db.insert(auditEvents).values(row);
  }
});

afterAll(async () => {
  await db.pool.end();
});

async function walk(filters: Parameters<typeof walkAuditEvents>[1], batch: number) {
  const batches: string[][] = [];
  for await (const rows of walkAuditEvents(db, filters, batch)) {
    batches.push(rows.map((row) => `${row.action}/${row.outcome}`));
  }
  return batches;
}

describe("walkAuditEvents", () => {
  it("reads every entry, newest first, a batch at a time", async () => {
    expect(await walk({}, 2)).toEqual([
      ["paymentx.other/allowed", "config.update/allowed"],
      ["payment.reject/refused", "payment.reject/allowed"],
      ["payment.approve/allowed"],
    ]);
  });

  it("ends without an empty batch when the last one is full", async () => {
    expect(await walk({ outcome: "allowed" }, 2)).toEqual([
      ["paymentx.other/allowed", "config.update/allowed"],
      ["payment.reject/allowed", "payment.approve/allowed"],
    ]);
  });

  it("applies the list's filters: an action family, part of an email, an outcome", async () => {
    expect((await walk({ action: "payment" }, 10)).flat()).toEqual([
      "payment.reject/refused",
      "payment.reject/allowed",
      "payment.approve/allowed",
    ]);
    expect((await walk({ actor: "CARLA", outcome: "allowed" }, 10)).flat()).toEqual([
      "payment.reject/allowed",
      "payment.approve/allowed",
    ]);
    expect(await walk({ target: "Transaction:none" }, 10)).toEqual([]);
  });
});

describe("the list's one row per action", () => {
  it("shows an action by its outcome, and an attempt alone only when no outcome followed it", async () => {
    const url = await createTestDatabase("audit_list");
    await migrateConsoleDatabase(url);
    const listDb = createConsoleDatabase(url, { max: 2 });
    try {
      for (const [requestId, outcome] of [
        ["done", "attempted"],
        ["done", "allowed"],
        ["cut-off", "attempted"],
        ["refused-at-once", "refused"],
      ] as const) {
        await listDb.insert(auditEvents).values({ action: "config.update", outcome, requestId });
      }
      const list = async (filters: AuditFilters) =>
        (
          await listDb
            .select()
            .from(auditEvents)
            .where(auditMatching(filters, "unanswered"))
            .orderBy(auditEvents.id)
        ).map((row) => `${row.requestId}/${row.outcome}`);
      expect(await list({})).toEqual(["done/allowed", "cut-off/attempted", "refused-at-once/refused"]);
      expect(await list({ outcome: "attempted" })).toEqual(["cut-off/attempted"]);
      expect(await list({ request: "done" })).toEqual(["done/allowed"]);
      // The export keeps every row: an auditor checking the chain needs them all.
      const all = await listDb.select().from(auditEvents).where(auditMatching({}, "all"));
      expect(all).toHaveLength(4);
    } finally {
      await listDb.pool.end();
    }
  });
});

describe("who", () => {
  let whoDb: ConsoleDatabase;
  beforeAll(async () => {
    const url = await createTestDatabase("audit_who");
    await migrateConsoleDatabase(url);
    whoDb = createConsoleDatabase(url, { max: 2 });
    await whoDb
      .insert(users)
      .values({ email: "compliance@demo.test", name: "Carla Compliance", role: "compliance" });
    for (const [action, actorEmail] of [
      ["payment.approve", "compliance@demo.test"],
      ["payment.reject", "second-compliance@demo.test"],
      ["config.update", "ada@demo.test"],
    ] as const) {
      await whoDb
        .insert(auditEvents)
        .values({ action, outcome: "allowed", actorEmail, requestId: `req-${action}` });
    }
  });
  afterAll(async () => {
    await whoDb.pool.end();
  });
  const actionsBy = async (actor: string) => {
    const rows = await whoDb.select().from(auditEvents).where(auditMatching({ actor }, "all"));
    return rows.map((row) => row.action).sort();
  };

  it("takes a whole address as that person alone, not another address that ends the same", async () => {
    expect(await actionsBy("compliance@demo.test")).toEqual(["payment.approve"]);
    expect(await actionsBy(" Compliance@Demo.test ")).toEqual(["payment.approve"]);
  });

  it("finds part of an address, and a member's name", async () => {
    expect(await actionsBy("compliance")).toEqual(["payment.approve", "payment.reject"]);
    expect(await actionsBy("carla")).toEqual(["payment.approve"]);
    expect(await actionsBy("nobody")).toEqual([]);
  });
});
