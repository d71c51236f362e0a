import { describe, expect, it } from "vitest";
import { createCustomer } from "../../../service/test-support/payment-fixtures";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import { approvalThresholds } from "../db/schema";
import {
  APPROVE_DOLLARS,
  pendingPaymentWebhook,
  seedActivePolicy,
  unListOnlyDir,
} from "./deciding-test-setup";

// A policy's approval is no person's: a payment the two-person rule asks two people to approve is held for them,
// whatever rule of the policy in force would approve it (found by a probe of the controls: one officer's rule that
// approves up to MXN 8,500 went around a two-person rule from MXN 1,000). Against a real payment service.

const listsDir = unListOnlyDir();

const world = consoleAgainstService("two_person_rule_holds", {
  listsDir,
  env: { POLICY_TIME_BUDGET_MS: "20000" },
  setUp: async (db) => {
    await seedActivePolicy(db, [APPROVE_DOLLARS]);
    // Two people approve USD payments of $50.00 or more.
    await db.insert(approvalThresholds).values({ currency: "USD", minimumAmount: 5_000, updatedBy: "test" });
  },
});

const webhookFor = (n: number, customerId: string, amount: number) =>
  pendingPaymentWebhook(`two-person-${n}`, {
    customerId,
    sender: "$success.usd@sandbox.uma.money",
    amount,
    counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12" },
  });

describe("the policies and the two-person rule", () => {
  it("approve a payment under the threshold", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(world.service, { currencies: ["USD"] });
    const decided = await decidePendingPayment(webhookFor(1, customer.id, 4_999));
    expect(decided.record.evaluation.decision).toBe("approve");
    expect(decided.answer.status).toBe(200);
  });

  it("hold a payment at or over the threshold for two people, naming the rule that would approve it", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(world.service, { currencies: ["USD"] });
    for (const [n, amount] of [
      [2, 5_000],
      [3, 480_000],
    ] as const) {
      const decided = await decidePendingPayment(webhookFor(n, customer.id, amount));
      expect(decided.record.evaluation.decision).toBe("hold");
      expect(decided.record.evaluation.fallback).toBe("two-approvers-required");
      expect(decided.record.evaluation.rule?.id).toBe("dollars");
      expect(decided.answer.status).toBe(202);
    }
  });
});
