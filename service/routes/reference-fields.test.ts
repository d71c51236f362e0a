import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bankAccountInfoSchema,
  incomingPaymentWebhookSchema,
  outgoingPaymentWebhookSchema,
  transactionSchema,
} from "../../shared/contract";
import {
  configurePlatform,
  createCustomer,
  createExternalAccount,
  fund,
  getJson,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../test-support/webhook-receiver";

// The service's answers and webhooks checked against the API's reference (api-notes §8, issue 49 items 8 and 9):
// every rate details object carries the variable fee's rate (strictly greater than 0) and amount, incoming payments
// too; every outgoing transaction carries paymentInstructions, one object `{reference, bankAccountInfo,
// instructionsNotes?}`, in the sandbox send's answer and in OUTGOING_PAYMENT webhooks of every status.

let service: TestService;
let receiver: WebhookReceiver;
let alice: TestCustomer;
let bob: TestCustomer;

interface Payment {
  id: string;
  type: string;
  status: string;
  fees?: number;
  sentAmount?: { amount: number };
  rateDetails?: Record<string, unknown>;
  paymentInstructions?: unknown;
}

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  // A pending incoming payment waits for approve or reject: the platform decides later.
  receiver.respondWith((webhook) =>
    webhook.body.type === "INCOMING_PAYMENT" && transactionOf(webhook).status === "PENDING"
      ? { status: 202 }
      : { status: 200 },
  );
  await configurePlatform(service, {
    webhookEndpoint: receiver.url,
    currencies: [
      { currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 },
      { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
    ],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
  await fund(service, alice.accounts.USD, 1_000_000);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

const transactionOf = (webhook: ReceivedWebhook) => webhook.body.transaction as Payment;

function webhookOf(type: "INCOMING_PAYMENT" | "OUTGOING_PAYMENT", id: string, status: string) {
  return receiver.waitFor(
    (w) => w.body.type === type && transactionOf(w).id === id && transactionOf(w).status === status,
  );
}

/** The transaction parses with the contract, and its rate details say what the reference requires. */
function expectReferenceRateDetails(transaction: Payment, where: string) {
  const parsed = transactionSchema.safeParse(transaction);
  expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  expect(transaction.rateDetails, where).toBeDefined();
  expect(transaction.rateDetails?.serviceApiVariableFeeRate, where).toBeGreaterThan(0);
  expect(transaction.rateDetails?.serviceApiVariableFeeAmount, where).toEqual(expect.any(Number));
}

/** The outgoing transaction parses with the contract and carries its paymentInstructions as one object. */
function expectReferenceInstructions(transaction: Payment, where: string) {
  const parsed = transactionSchema.safeParse(transaction);
  expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  const instructions = transaction.paymentInstructions as Record<string, unknown> | undefined;
  expect(instructions, where).toEqual(expect.any(Object));
  expect(Array.isArray(instructions), where).toBe(false);
  expect(instructions?.reference, where).toEqual(expect.any(String));
  expect(bankAccountInfoSchema.safeParse(instructions?.bankAccountInfo).success, where).toBe(true);
  if (instructions?.instructionsNotes !== undefined)
    expect(instructions.instructionsNotes).toEqual(expect.any(String));
}

describe("incoming payments' rate details", () => {
  async function receive(senderUmaAddress = "$success.usd@sandbox.uma.money", amount = 25_000) {
    const { status, body } = await postJson(service, "/sandbox/uma/receive", {
      senderUmaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: amount,
      customerId: alice.id,
    });
    expect(status).toBe(200);
    return body as Payment;
  }

  it("charge a variable fee and say so in the sandbox receive's answer and the PENDING webhook", async () => {
    const pending = await receive();
    expectReferenceRateDetails(pending, "sandbox receive");
    // A variable fee is charged on the sender's side: its amount is the payment's fees.
    expect(pending.fees).toBeGreaterThan(0);
    expect(pending.rateDetails?.serviceApiVariableFeeAmount).toBe(pending.fees);
    const webhook = await webhookOf("INCOMING_PAYMENT", pending.id, "PENDING");
    expect(incomingPaymentWebhookSchema.safeParse(webhook.body).success).toBe(true);
    expectReferenceRateDetails(transactionOf(webhook), "PENDING webhook");
    expect(transactionOf(webhook).rateDetails).toEqual(pending.rateDetails);
  });

  it("keep them in the approve answer and the COMPLETED webhook", async () => {
    const pending = await receive();
    await webhookOf("INCOMING_PAYMENT", pending.id, "PENDING");
    const approved = await postJson(service, `/transactions/${pending.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "Alice Receiver" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("COMPLETED");
    expectReferenceRateDetails(approved.body, "approve");
    const webhook = await webhookOf("INCOMING_PAYMENT", pending.id, "COMPLETED");
    expect(incomingPaymentWebhookSchema.safeParse(webhook.body).success).toBe(true);
    expectReferenceRateDetails(transactionOf(webhook), "COMPLETED webhook");
    expectReferenceRateDetails((await getJson(service, `/transactions/${pending.id}`)).body, "GET");
  });

  it("keep them in the reject answer and the REJECTED webhook", async () => {
    const pending = await receive();
    await webhookOf("INCOMING_PAYMENT", pending.id, "PENDING");
    const rejected = await postJson(service, `/transactions/${pending.id}/reject`, {
      reason: "unknown sender",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe("REJECTED");
    expectReferenceRateDetails(rejected.body, "reject");
    const webhook = await webhookOf("INCOMING_PAYMENT", pending.id, "REJECTED");
    expectReferenceRateDetails(transactionOf(webhook), "REJECTED webhook");
  });

  it("keep them on a payment that failed at once, and its FAILED webhook", async () => {
    const failed = await receive("$fail.compliance.usd@sandbox.uma.money");
    expect(failed.status).toBe("FAILED");
    expectReferenceRateDetails(failed, "failed receive");
    const webhook = await webhookOf("INCOMING_PAYMENT", failed.id, "FAILED");
    expectReferenceRateDetails(transactionOf(webhook), "FAILED webhook");
  });

  it("stay whole in the list of transactions", async () => {
    const { body } = await getJson(service, `/transactions?customerId=${alice.id}&type=INCOMING&limit=100`);
    const incoming = body.data as Payment[];
    expect(incoming.length).toBeGreaterThanOrEqual(4);
    for (const transaction of incoming) expectReferenceRateDetails(transaction, `list ${transaction.status}`);
  });
});

describe("outgoing transactions' paymentInstructions", () => {
  async function quote(extra: Record<string, unknown> = {}) {
    const { status, body } = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bob.accounts.EUR, currency: "EUR" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5_000,
      ...extra,
    });
    expect(status).toBe(201);
    return body;
  }

  it("are in the sandbox send's answer and the PROCESSING and COMPLETED webhooks", async () => {
    const q = await quote();
    const planned = (await getJson(service, `/transactions/${q.transactionId}`)).body;
    expect(planned.status).toBe("CREATED");
    expectReferenceInstructions(planned, "GET of a quote's CREATED transaction");
    const { status, body } = await postJson(service, "/sandbox/send", {
      quoteId: q.quoteId,
      currencyCode: "USD",
    });
    expect(status).toBe(200);
    expect(body.status).toBe("COMPLETED");
    expectReferenceInstructions(body, "sandbox send");
    expectReferenceRateDetails(body, "sandbox send");
    for (const state of ["PROCESSING", "COMPLETED"]) {
      const webhook = await webhookOf("OUTGOING_PAYMENT", body.id, state);
      expect(outgoingPaymentWebhookSchema.safeParse(webhook.body).success).toBe(true);
      expectReferenceInstructions(transactionOf(webhook), `${state} webhook`);
      expect(transactionOf(webhook).paymentInstructions).toEqual(body.paymentInstructions);
    }
    expectReferenceInstructions((await getJson(service, `/transactions/${body.id}`)).body, "GET");
  });

  it("keep the reference of the instructions the quote gave when funded from a bank account", async () => {
    const bank = await createExternalAccount(service, { customerId: alice.id });
    const q = await quote({ source: { accountId: bank } });
    const { body } = await postJson(service, "/sandbox/send", { quoteId: q.quoteId, currencyCode: "USD" });
    expectReferenceInstructions(body, "sandbox send from a bank account");
    expect(body.paymentInstructions.reference).toBe(q.paymentInstructions[0].referenceCode);
  });

  it("are in a sandbox send that failed on the amount, and its FAILED webhook", async () => {
    const q = await quote();
    const { body } = await postJson(service, "/sandbox/send", {
      quoteId: q.quoteId,
      currencyCode: "USD",
      currencyAmount: q.totalSendingAmount + 1,
    });
    expect(body).toMatchObject({ status: "FAILED", failureReason: "FUNDING_AMOUNT_MISMATCH" });
    expectReferenceInstructions(body, "failed sandbox send");
    const webhook = await webhookOf("OUTGOING_PAYMENT", body.id, "FAILED");
    expectReferenceInstructions(transactionOf(webhook), "FAILED webhook");
  });

  it("are in the PENDING webhook of a transfer out, and of a quote executed from an internal account", async () => {
    const bank = await createExternalAccount(service, { customerId: alice.id });
    const out = await postJson(service, "/transfer-out", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bank },
      amount: 1_000,
    });
    expect(out.status).toBe(201);
    const pending = await webhookOf("OUTGOING_PAYMENT", out.body.id, "PENDING");
    expectReferenceInstructions(transactionOf(pending), "PENDING webhook");
    const executed = await postJson(service, `/quotes/${(await quote()).quoteId}/execute`, {});
    expect(executed.status).toBe(200);
    const completed = await webhookOf("OUTGOING_PAYMENT", executed.body.transactionId, "COMPLETED");
    expectReferenceInstructions(transactionOf(completed), "COMPLETED webhook of an executed quote");
    expectReferenceRateDetails(transactionOf(completed), "COMPLETED webhook of an executed quote");
  });

  it("are on every outgoing transaction of the list", async () => {
    const { body } = await getJson(service, `/transactions?customerId=${alice.id}&type=OUTGOING&limit=100`);
    const outgoing = body.data as Payment[];
    expect(outgoing.length).toBeGreaterThanOrEqual(4);
    for (const transaction of outgoing)
      expectReferenceInstructions(transaction, `list ${transaction.status}`);
  });
});
