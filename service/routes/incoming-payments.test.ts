import { createVerify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incomingPaymentWebhookSchema, transactionSchema } from "../../shared/contract";
import { waitForTransactionJobs } from "../test-support/job-queue";
import {
  advanceClock,
  balanceOf,
  configurePlatform,
  createCustomer,
  eventually,
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

let service: TestService;
let receiver: WebhookReceiver;
let alice: TestCustomer;

type Reply = { status: number; body?: unknown };
/** The platform's answer to each approval request, keyed by the payment's amount (known before its id is). */
const replies = new Map<number, Reply | Reply[]>();
let nextAmount = 10_000;

interface WebhookTransaction {
  id: string;
  status: string;
  receivedAmount: { amount: number };
  counterpartyInformation?: Record<string, string>;
}
const transactionOf = (w: ReceivedWebhook) => w.body.transaction as WebhookTransaction;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  receiver.respondWith((webhook) => {
    if (webhook.body.type !== "INCOMING_PAYMENT") return { status: 200 };
    const transaction = transactionOf(webhook);
    if (transaction.status !== "PENDING") return { status: 200 };
    const planned = replies.get(transaction.receivedAmount.amount) ?? { status: 202 };
    if (!Array.isArray(planned)) return planned;
    return planned.shift() ?? { status: 202 };
  });
  await configurePlatform(service, {
    webhookEndpoint: receiver.url,
    currencies: [
      {
        currencyCode: "USD",
        minAmount: 100,
        maxAmount: 100_000_000,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: true },
          { name: "BIRTH_DATE", mandatory: false },
        ],
      },
      { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
    ],
  });
  alice = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

async function receive(reply: Reply | Reply[], extra: Record<string, unknown> = {}) {
  const amount = nextAmount++;
  replies.set(amount, reply);
  const response = await postJson(service, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: amount,
    customerId: alice.id,
    ...extra,
  });
  return { ...response, amount };
}

const statusOf = async (id: string) => (await getJson(service, `/transactions/${id}`)).body;

async function settled(id: string) {
  return eventually(async () => {
    const transaction = await statusOf(id);
    return transaction.status === "PENDING" ? undefined : transaction;
  });
}

/**
 * Waits until the approval request was answered and its reply handled: the platform received it, and the job that
 * sent it (which handles the reply before it ends) and any job that reply started have left the queue.
 */
async function answered(id: string) {
  await receiver.waitFor((w) => w.body.type === "INCOMING_PAYMENT" && transactionOf(w).id === id);
  await waitForTransactionJobs(service.context.db.pool, id);
}

describe("POST /sandbox/uma/receive", () => {
  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/sandbox/uma/receive", {
      method: "POST",
      headers: { authorization: "Basic eDp5" },
      json: {},
    });
    expect(response.status).toBe(401);
  });

  it("creates a PENDING incoming payment and asks the platform with a signed webhook", async () => {
    const before = await balanceOf(service, alice.accounts.USD);
    const { status, body, amount } = await receive({ status: 202 });
    expect(status).toBe(200);
    expect(transactionSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^Transaction:/),
      type: "INCOMING",
      status: "PENDING",
      customerId: alice.id,
      platformCustomerId: alice.platformCustomerId,
      destination: { destinationType: "ACCOUNT", accountId: alice.accounts.USD, currency: "USD" },
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money" },
      receivedAmount: { amount, currency: { code: "USD" } },
      counterpartyInformation: { FULL_NAME: expect.any(String), BIRTH_DATE: expect.any(String) },
      reconciliationInstructions: { reference: expect.any(String) },
    });
    // The reference requires the variable fee's rate (above 0) and amount on incoming payments too (issue 49, item 8).
    expect(body.rateDetails).toMatchObject({
      serviceApiVariableFeeRate: 0.001,
      serviceApiVariableFeeAmount: body.fees,
    });
    // Each endpoint is one variant: an account or a UMA address, never both.
    expect(body.destination).not.toHaveProperty("umaAddress");
    expect(body.source).not.toHaveProperty("accountId");
    expect(new Date(body.approvalDeadline).getTime() - new Date(body.createdAt).getTime()).toBe(600_000);
    const webhook = await receiver.waitFor(
      (w) => w.body.type === "INCOMING_PAYMENT" && transactionOf(w).id === body.id,
    );
    expect(incomingPaymentWebhookSchema.safeParse(webhook.body).success).toBe(true);
    expect(webhook.body.requestedReceiverCustomerInfoFields).toEqual([
      { name: "FULL_NAME", mandatory: true },
      { name: "BIRTH_DATE", mandatory: false },
    ]);
    const signature = webhook.headers["x-service-signature"];
    expect(typeof signature).toBe("string");
    const { s: der } = JSON.parse(String(signature)) as { s: string };
    const valid = createVerify("sha256")
      .update(webhook.rawBody)
      .verify({ key: service.publicKeyPem, dsaEncoding: "der" }, Buffer.from(der, "base64"));
    expect(valid).toBe(true);
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
  });

  it("finds the receiver by UMA address and converts from the sender's currency", async () => {
    const amount = nextAmount++;
    replies.set(amount, { status: 202 });
    const { status, body } = await postJson(service, "/sandbox/uma/receive", {
      senderUmaAddress: "$success.eur@sandbox.service.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: amount,
      receiverUmaAddress: alice.umaAddress,
    });
    expect(status).toBe(200);
    expect(body.sentAmount.currency.code).toBe("EUR");
    // What buys the amount at the rate, plus the incoming variable fee of 0.1% of what is sent.
    const net = Math.round(amount * 0.92);
    expect(body.sentAmount.amount - body.fees).toBe(net);
    expect(body.fees).toBe(Math.round(body.sentAmount.amount * 0.001));
  });

  const invalid: [string, Record<string, unknown>, number, string][] = [
    ["an unknown sandbox sender", { senderUmaAddress: "$nobody@sandbox.uma.money" }, 404, "UMA_NOT_FOUND"],
    ["a sender outside the sandbox", { senderUmaAddress: "$bob@example.com" }, 404, "UMA_NOT_FOUND"],
    ["an unknown receiver", { customerId: "Customer:nope" }, 404, "USER_NOT_FOUND"],
    [
      "an unknown receiver address",
      { customerId: undefined, receiverUmaAddress: "$nobody@uma.localhost" },
      404,
      "USER_NOT_FOUND",
    ],
    ["no receiver at all", { customerId: undefined }, 400, "INVALID_INPUT"],
    ["a currency the platform does not support", { receivingCurrencyCode: "MXN" }, 400, "INVALID_CURRENCY"],
    [
      "an amount above the currency's maximum",
      { receivingCurrencyAmount: 100_000_001 },
      400,
      "AMOUNT_OUT_OF_RANGE",
    ],
    ["a zero amount", { receivingCurrencyAmount: 0 }, 400, "INVALID_INPUT"],
    ["an unknown field", { memo: "hi" }, 400, "INVALID_INPUT"],
    ["a malformed sender", { senderUmaAddress: "nobody" }, 400, "INVALID_INPUT"],
  ];
  for (const [label, override, status, code] of invalid) {
    it(`refuses ${label} with ${status} ${code}`, async () => {
      const response = await postJson(service, "/sandbox/uma/receive", {
        senderUmaAddress: "$success.usd@sandbox.uma.money",
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: 1_000,
        customerId: alice.id,
        ...override,
      });
      expect(response.status).toBe(status);
      expect(response.body.code).toBe(code);
    });
  }

  it("fails a payment from the compliance-failing sender at once", async () => {
    const { status, body } = await receive(
      { status: 200 },
      { senderUmaAddress: "$fail.compliance.usd@sandbox.uma.money" },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "FAILED", failureReason: "PAY_REQUEST_FAILED" });
  });
});

describe("the platform's reply to the approval webhook", () => {
  it("200 with the mandatory receiver data approves, credits the account and reports COMPLETED", async () => {
    const before = await balanceOf(service, alice.accounts.USD);
    const { body, amount } = await receive({
      status: 200,
      body: { receiverCustomerInfo: { FULL_NAME: "Alice Receiver" } },
    });
    const done = await settled(body.id);
    expect(done).toMatchObject({ status: "COMPLETED", settledAt: expect.any(String) });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before + amount);
    const final = await receiver.waitFor(
      (w) =>
        w.body.type === "INCOMING_PAYMENT" &&
        transactionOf(w).id === body.id &&
        transactionOf(w).status === "COMPLETED",
    );
    expect(final.body.requestedReceiverCustomerInfoFields).toBeUndefined();
  });

  it("200 without a mandatory receiver field fails with MISSING_MANDATORY_PAYEE_DATA", async () => {
    const before = await balanceOf(service, alice.accounts.USD);
    const { body } = await receive({ status: 200, body: {} });
    expect(await settled(body.id)).toMatchObject({
      status: "FAILED",
      failureReason: "MISSING_MANDATORY_PAYEE_DATA",
    });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
  });

  it("403 rejects and keeps the platform's reason", async () => {
    const { body } = await receive({
      status: 403,
      body: { code: "NO", message: "no", reason: "sanctions hit" },
    });
    expect(await settled(body.id)).toMatchObject({ status: "REJECTED", rejectionReason: "sanctions hit" });
    await receiver.waitFor(
      (w) =>
        w.body.type === "INCOMING_PAYMENT" &&
        transactionOf(w).id === body.id &&
        transactionOf(w).status === "REJECTED",
    );
  });

  it("500 (or any other answer) fails with PAYMENT_APPROVAL_WEBHOOK_ERROR", async () => {
    const { body } = await receive({ status: 500 });
    expect(await settled(body.id)).toMatchObject({
      status: "FAILED",
      failureReason: "PAYMENT_APPROVAL_WEBHOOK_ERROR",
    });
  });

  it("202 and 409 leave the payment PENDING", async () => {
    for (const status of [202, 409]) {
      const { body } = await receive({ status });
      await answered(body.id);
      expect((await statusOf(body.id)).status).toBe("PENDING");
    }
  });

  it("422 makes the sender add the requested fields and ask again", async () => {
    const { body } = await receive([
      { status: 422, body: { code: "MORE", message: "need email", requiredFields: ["EMAIL"] } },
      { status: 200, body: { receiverCustomerInfo: { FULL_NAME: "Alice Receiver" } } },
    ]);
    expect(await settled(body.id)).toMatchObject({
      status: "COMPLETED",
      counterpartyInformation: { EMAIL: "success.usd@sandbox.uma.money" },
    });
    const asks = receiver.received.filter(
      (w) =>
        w.body.type === "INCOMING_PAYMENT" &&
        transactionOf(w).id === body.id &&
        transactionOf(w).status === "PENDING",
    );
    expect(asks).toHaveLength(2);
    expect(asks[1] && transactionOf(asks[1]).counterpartyInformation?.EMAIL).toBeDefined();
  });

  it("422 asking only for data already sent fails with PAY_REQUEST_FAILED", async () => {
    const { body } = await receive({
      status: 422,
      body: { code: "MORE", message: "x", requiredFields: ["FULL_NAME"] },
    });
    expect(await settled(body.id)).toMatchObject({ status: "FAILED", failureReason: "PAY_REQUEST_FAILED" });
  });
});

describe("POST /transactions/{id}/approve and /reject", () => {
  it("approves a deferred payment once; a second decision gets 409", async () => {
    const before = await balanceOf(service, alice.accounts.USD);
    const { body, amount } = await receive({ status: 202 });
    await answered(body.id);
    const approved = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "Alice Receiver", BIRTH_DATE: "1991-02-03" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "COMPLETED", settledAt: expect.any(String) });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before + amount);
    for (const action of ["approve", "reject"]) {
      const again = await postJson(service, `/transactions/${body.id}/${action}`, {});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    }
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before + amount);
  });

  it("fails, and credits nothing, a payment whose receiver was deleted while it waited", async () => {
    const leaving = await createCustomer(service);
    const { body } = await receive({ status: 202 }, { customerId: leaving.id });
    await answered(body.id);
    expect((await service.api(`/customers/${leaving.id}`, { method: "DELETE" })).status).toBe(200);
    const approved = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "Gone Receiver" },
    });
    expect(approved.status).toBe(409);
    expect(approved.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    expect(await statusOf(body.id)).toMatchObject({ status: "FAILED" });
    expect(await balanceOf(service, leaving.accounts.USD)).toBe(0);
  });

  it("refuses an approval without the mandatory receiver data with 400 and changes nothing", async () => {
    const { body } = await receive({ status: 202 });
    await answered(body.id);
    const refused = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { BIRTH_DATE: "1991-02-03" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("MISSING_MANDATORY_USER_INFO");
    expect((await statusOf(body.id)).status).toBe("PENDING");
    const invalid = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "R2-D2" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_INPUT");
  });

  it("rejects with a reason and sends the final webhook", async () => {
    const { body } = await receive({ status: 202 });
    await answered(body.id);
    const rejected = await postJson(service, `/transactions/${body.id}/reject`, {
      reason: "not our customer",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "REJECTED", rejectionReason: "not our customer" });
    await receiver.waitFor(
      (w) =>
        w.body.type === "INCOMING_PAYMENT" &&
        transactionOf(w).id === body.id &&
        transactionOf(w).status === "REJECTED",
    );
    expect((await postJson(service, `/transactions/${body.id}/approve`, {})).status).toBe(409);
  });

  it("answers unknown transactions with 404 and outgoing ones with 409", async () => {
    const unknown = await postJson(service, "/transactions/Transaction:nope/approve", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("TRANSACTION_NOT_FOUND");
    expect((await postJson(service, "/transactions/Transaction:nope/reject", {})).status).toBe(404);
    const bob = await createCustomer(service);
    await fund(service, alice.accounts.USD, 10_000);
    const quote = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bob.accounts.USD, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    });
    const outgoing = await postJson(service, `/transactions/${quote.body.transactionId}/approve`, {});
    expect(outgoing.status).toBe(409);
    expect(outgoing.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
  });

  it("answers a quote's transaction not yet executed (CREATED, readable by GET) with 409, not 404", async () => {
    const bob = await createCustomer(service);
    const quote = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bob.accounts.USD, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    });
    expect(quote.status).toBe(201);
    const id = quote.body.transactionId;
    expect((await getJson(service, `/transactions/${id}`)).body.status).toBe("CREATED");
    for (const verb of ["approve", "reject"]) {
      const answer = await postJson(service, `/transactions/${id}/${verb}`, {});
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        details: { status: "CREATED" },
      });
    }
    expect((await getJson(service, `/quotes/${quote.body.quoteId}`)).body.status).toBe("PENDING");
  });

  it("refuses unknown fields in the bodies with 400", async () => {
    const { body } = await receive({ status: 202 });
    expect((await postJson(service, `/transactions/${body.id}/approve`, { ok: true })).status).toBe(400);
    expect((await postJson(service, `/transactions/${body.id}/reject`, { why: "x" })).status).toBe(400);
  });
});

describe("time-outs and slow senders", () => {
  it("fails a payment nobody decided with PAYMENT_APPROVAL_TIMED_OUT at the deadline", async () => {
    const { body } = await receive({ status: 202 });
    await answered(body.id);
    await advanceClock(service, 601);
    expect(await statusOf(body.id)).toMatchObject({
      status: "FAILED",
      failureReason: "PAYMENT_APPROVAL_TIMED_OUT",
    });
    const late = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "Alice Receiver" },
    });
    expect(late.status).toBe(409);
    await receiver.waitFor(
      (w) =>
        w.body.type === "INCOMING_PAYMENT" &&
        transactionOf(w).id === body.id &&
        transactionOf(w).status === "FAILED",
    );
  });

  it("keeps a $pending.long payment PENDING whatever the reply and the clock, until approved", async () => {
    const before = await balanceOf(service, alice.accounts.USD);
    const { body, amount } = await receive(
      { status: 200, body: { receiverCustomerInfo: { FULL_NAME: "Alice Receiver" } } },
      { senderUmaAddress: "$pending.long.usd@sandbox.uma.money" },
    );
    expect(body.approvalDeadline).toBeUndefined();
    await answered(body.id);
    await advanceClock(service, 3_600);
    expect((await statusOf(body.id)).status).toBe("PENDING");
    const approved = await postJson(service, `/transactions/${body.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: "Alice Receiver" },
    });
    expect(approved.body.status).toBe("COMPLETED");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before + amount);
  });
});
