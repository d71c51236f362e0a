import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { policyVersions, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// The emergency hold put on while a payment is being decided holds that payment too, against a real database.

const listsDir = mkdtempSync(path.join(tmpdir(), "hold-lists-"));
copyFileSync(
  path.join(import.meta.dirname, "../../../data/screening/lists/UN_consolidated.xml"),
  path.join(listsDir, "UN_consolidated.xml"),
);

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
  const [made] = await db
    .insert(users)
    .values({ email: "officer@example.com", name: "Olu Officer", role: "compliance" })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!made) throw new Error("no officer");
  officer = { ...made, role: "compliance" };
  // Approves dollars from a sender with few payments today: its velocity is read from the console's inbox.
  await db.insert(policyVersions).values({
    version: 1,
    status: "active",
    createdBy: officer.id,
    document: {
      rules: [
        {
          id: "few-dollars",
          name: "Few dollars",
          when: [
            { kind: "currency", side: "receiving", op: "in", values: ["USD"] },
            { kind: "velocity", per: "sender", measure: "count", hours: 24, op: "lt", value: 100 },
          ],
          then: { decision: "approve" },
        },
      ],
      allowListedDomains: [],
    },
  });
  const { listsInUse } = await import("../screening/lists-in-use");
  await listsInUse();
}, 120_000);

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db?.pool.end();
});

const payment = (n: number) => ({
  webhookId: `Webhook:hold-${n}`,
  type: "INCOMING_PAYMENT",
  transactionId: `Transaction:hold-${n}`,
  transactionStatus: "PENDING",
  isPendingIncomingPayment: true,
  payload: {
    transaction: {
      id: `Transaction:hold-${n}`,
      status: "PENDING",
      customerId: "Customer:1",
      source: { umaAddress: "$success.usd@sandbox.uma.money" },
      receivedAmount: { amount: 4_800, currency: { code: "USD", decimals: 2 } },
      counterpartyInformation: {
        FULL_NAME: "Alex Sandbox Rivera",
        BIRTH_DATE: "1990-04-12",
        NATIONALITY: "US",
      },
    },
    requestedReceiverCustomerInfoFields: [],
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
