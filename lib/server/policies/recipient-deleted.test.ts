import { describe, expect, it } from "vitest";
import { createCustomer } from "../../../service/test-support/payment-fixtures";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import {
  APPROVE_DOLLARS,
  pendingPaymentWebhook,
  seedActivePolicy,
  unListOnlyDir,
} from "./deciding-test-setup";

// A payment's webhook that arrives after its customer was deleted (the console was down for an afternoon) is not
// approved by the policies, against a real payment service: the service would fail the approval, telling the sender
// nothing; held, a person rejects it with a reason.

const listsDir = unListOnlyDir();

const world = consoleAgainstService("recipient_deleted", {
  listsDir,
  env: { POLICY_TIME_BUDGET_MS: "20000" },
  setUp: async (db) => {
    await seedActivePolicy(db, [APPROVE_DOLLARS]);
  },
});

const webhookFor = (n: number, customerId: string) =>
  pendingPaymentWebhook(`deleted-${n}`, {
    customerId,
    sender: "$success.usd@sandbox.uma.money",
    amount: 4_800,
    counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12" },
  });

describe("the policies and a deleted recipient", () => {
  it("approve a payment to a customer who exists", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(world.service, { currencies: ["USD"] });
    const decided = await decidePendingPayment(webhookFor(1, customer.id));
    expect(decided.record.evaluation.decision).toBe("approve");
    expect(decided.answer.status).toBe(200);
  });

  it("hold a payment whose customer was deleted since, naming why", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(world.service, { currencies: ["USD"] });
    const response = await world.service.api(`/customers/${encodeURIComponent(customer.id)}`, {
      method: "DELETE",
    });
    expect(response.status).toBe(200);
    const decided = await decidePendingPayment(webhookFor(2, customer.id));
    expect(decided.record.evaluation.decision).toBe("hold");
    expect(decided.record.evaluation.fallback).toBe("recipient-deleted");
    expect(decided.record.evaluation.rule?.id).toBe("dollars");
    expect(decided.answer.status).toBe(202);
  });
});
