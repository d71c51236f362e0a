import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { useConsoleTestDatabase } from "../db/test-database";
import {
  pendingPaymentWebhook,
  recipientScreenedClear,
  seedActivePolicy,
  unListOnlyDir,
} from "./deciding-test-setup";

// The emergency hold put on while a payment is being decided holds that payment too, against a real database.

const listsDir = unListOnlyDir();

const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let db: ConsoleDatabase;
let url: string;
let officer: { id: string; email: string; name: string; role: "compliance" };

beforeAll(async () => {
  ({ db, url } = await useConsoleTestDatabase("hold_mid_decision", {
    PAYMENT_API_BASE_URL: "http://127.0.0.1:1/2025-10-13",
    SCREENING_LISTS_DIR: listsDir,
    POLICY_TIME_BUDGET_MS: "20000",
  }));
  // Approves dollars from a sender with few payments today: its velocity is read from the console's inbox.
  officer = await seedActivePolicy(db, [
    {
      id: "few-dollars",
      name: "Few dollars",
      when: [
        { kind: "currency", side: "receiving", op: "in", values: ["USD"] },
        { kind: "velocity", per: "sender", measure: "count", hours: 24, op: "lt", value: 100 },
      ],
      then: { decision: "approve" },
    },
  ]);
  const { listsInUse } = await import("../screening/lists-in-use");
  await listsInUse();
  await recipientScreenedClear("Customer:1");
}, 120_000);

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db?.pool.end();
});

const payment = (n: number) =>
  pendingPaymentWebhook(`hold-${n}`, {
    customerId: "Customer:1",
    sender: "$success.usd@sandbox.uma.money",
    amount: 4_800,
    counterpartyInformation: {
      FULL_NAME: "Alex Sandbox Rivera",
      BIRTH_DATE: "1990-04-12",
      NATIONALITY: "US",
    },
  });

describe("the emergency hold", () => {
  it("holds a payment whose decision was under way when it was put on", async () => {
    const { decidePendingPayment } = await import("./decide");
    const { writeEmergencyHold } = await import("./emergency-hold");
    // Without the hold, the policy approves.
    expect((await decidePendingPayment(payment(1))).record.evaluation.decision).toBe("approve");

    // The decision is held at its velocity read (the inbox locked) while the hold goes on.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE webhook_events IN ACCESS EXCLUSIVE MODE");
      const deciding = decidePendingPayment(payment(2));
      await expect
        .poll(
          async () =>
            (
              await locker.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            ).rows[0]?.n ?? 0,
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(1);
      await writeEmergencyHold(
        { on: true, reason: "Incident: pausing automatic approvals" },
        officer as never,
      );
      await locker.query("COMMIT");
      const decided = await deciding;
      expect(decided.record.evaluation.decision).toBe("hold");
      expect(decided.record.evaluation.fallback).toBe("emergency-hold");
      expect(decided.answer.status).toBe(202);
    } finally {
      await locker.end();
    }
  });
});
