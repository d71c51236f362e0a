import { describe, expect, it } from "vitest";
import {
  type CounterpartyPerson,
  createCustomer,
  createCustomerAtApi,
} from "../../../service/test-support/payment-fixtures";
import { LISTED_SANDBOX_PERSON } from "../../../shared/contract/sandbox-senders";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import {
  APPROVE_DOLLARS,
  pendingPaymentWebhook,
  seedActivePolicy,
  unListOnlyDir,
} from "./deciding-test-setup";

// A payment to a customer whose screening matched a watchlist entry no one has dismissed is not approved by the
// policies, against a real payment service and the UN list: the console flags the customer, and a person decides
// whether to credit them.

const listsDir = unListOnlyDir();

const world = consoleAgainstService("recipient_match", {
  listsDir,
  env: { POLICY_TIME_BUDGET_MS: "20000" },
  setUp: async (db) => {
    await seedActivePolicy(db, [APPROVE_DOLLARS]);
  },
});

const webhookFor = (n: number, customerId: string) =>
  pendingPaymentWebhook(`recipient-match-${n}`, {
    customerId,
    sender: "$success.usd@sandbox.uma.money",
    amount: 4_800,
    counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12" },
  });

/** A customer screened by the console under `fullName` (as its sweep or the relay would screen them). */
async function screenedCustomer(fullName: string) {
  const customer = await createCustomer(world.service, { currencies: ["USD"] });
  const { screenSubject } = await import("../screening/screen-subject");
  const { queryOfCustomer } = await import("../screening/customer-query");
  const query = queryOfCustomer({ id: customer.id, customerType: "INDIVIDUAL", fullName });
  if (!query) throw new Error("no screening query for the customer");
  const record = await screenSubject({ type: "customer", id: customer.id }, query);
  return { customer, record };
}

describe("the policies and a recipient who is a watchlist match", () => {
  it("approve a payment to a customer whose screening is clear", async () => {
    const { decidePendingPayment } = await import("./decide");
    const { customer, record } = await screenedCustomer("Test Person");
    expect(record.status).toBe("clear");
    const decided = await decidePendingPayment(webhookFor(1, customer.id));
    expect(decided.record.evaluation.decision).toBe("approve");
    expect(decided.answer.status).toBe(200);
  });

  it("hold a payment to a customer with an open match, naming why", async () => {
    const { decidePendingPayment } = await import("./decide");
    const { customer, record } = await screenedCustomer("Tharwat Salah Shihata");
    expect(record.status).toBe("open");
    const decided = await decidePendingPayment(webhookFor(2, customer.id));
    expect(decided.record.evaluation.decision).toBe("hold");
    expect(decided.record.evaluation.fallback).toBe("recipient-screening-match");
    expect(decided.record.evaluation.rule?.id).toBe("dollars");
    expect(decided.answer.status).toBe(202);
  });

  it("screen a recipient the console has never screened before crediting them: a listed one is held", async () => {
    const { decidePendingPayment } = await import("./decide");
    const { latestScreeningsOf } = await import("../screening/screen-subject");
    // Created at the API a moment ago, before the console's sweep would screen them.
    const neverScreened = async (person: CounterpartyPerson) =>
      (await createCustomerAtApi(world.service, person)).id;

    const listed = await neverScreened(LISTED_SANDBOX_PERSON);
    const held = await decidePendingPayment(webhookFor(3, listed));
    expect(held.record.evaluation.decision).toBe("hold");
    expect(held.record.evaluation.fallback).toBe("recipient-screening-match");
    expect((await latestScreeningsOf("customer", [listed])).get(listed)?.status).toBe("open");

    const clean = await neverScreened({
      FULL_NAME: "Alex Sandbox Rivera",
      BIRTH_DATE: "1990-04-12",
      NATIONALITY: "US",
    });
    const approved = await decidePendingPayment(webhookFor(4, clean));
    expect(approved.record.evaluation.decision).toBe("approve");
    expect((await latestScreeningsOf("customer", [clean])).get(clean)?.status).toBe("clear");
  });
});
