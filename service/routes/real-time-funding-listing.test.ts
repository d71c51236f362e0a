import { createVerify } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  outgoingPaymentWebhookSchema,
  type Transaction,
  transactionListSchema,
  transactionSchema,
} from "../../shared/contract";
import { verifyWebhookBody } from "../../shared/webhook-signature";
import { quotes } from "../db/schema";
import { waitForIdleQueue } from "../test-support/job-queue";
import { checkLedger } from "../test-support/ledger-invariants";
import {
  advanceClock,
  balanceOf,
  configurePlatform,
  createCustomer,
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

// A real-time funded quote's payment (api-notes §8) exists before its money arrives: PENDING once the quote is
// executed, EXPIRED once the quote expired unexecuted. It is listed and filtered as any other transaction, in the
// shape GET /transactions/{id} answers, with consistent ordering and cursors, and each of those status changes is
// announced by one signed OUTGOING_PAYMENT webhook (api-notes §3: "sent on each status change"). Nothing moves
// before the money arrives.

let service: TestService;
let receiver: WebhookReceiver;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  await configurePlatform(service, {
    webhookEndpoint: receiver.url,
    currencies: [
      { currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 },
      { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
    ],
  });
  bob = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

interface Quote {
  quoteId: string;
  transactionId: string;
  totalSendingAmount: number;
  totalReceivingAmount: number;
  paymentInstructions: { reference: string }[];
}

async function realTimeQuote(
  customerId: string,
  extra: Record<string, unknown> = {},
  on: TestService = service,
): Promise<Quote> {
  const { status, body } = await postJson(on, "/quotes", {
    source: { customerId, currency: "USD" },
    destination: { accountId: bob.accounts.EUR, currency: "EUR" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 10_000,
    ...extra,
  });
  expect(status).toBe(201);
  return body as Quote;
}

async function waitingPayment(customerId: string): Promise<Quote> {
  const quote = await realTimeQuote(customerId);
  const executed = await postJson(service, `/quotes/${quote.quoteId}/execute`);
  expect(executed.status).toBe(200);
  return quote;
}

async function list(query: Record<string, string>) {
  const { status, body } = await getJson(service, `/transactions?${new URLSearchParams(query)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return transactionListSchema.parse(body);
}

async function byId(id: string): Promise<Transaction> {
  const { status, body } = await getJson(service, `/transactions/${id}`);
  expect(status).toBe(200);
  return transactionSchema.parse(body);
}

const transactionOf = (webhook: ReceivedWebhook) => webhook.body.transaction as Transaction;
const outgoing = (id: string, status?: string) =>
  receiver.received.filter(
    (w) =>
      w.body.type === "OUTGOING_PAYMENT" &&
      transactionOf(w).id === id &&
      (status === undefined || transactionOf(w).status === status),
  );

/** Signed as every webhook is (api-notes §3), and the contract's OUTGOING_PAYMENT with an outgoing Transaction. */
function expectSignedOutgoingWebhook(webhook: ReceivedWebhook) {
  const header = String(webhook.headers["x-service-signature"]);
  expect(verifyWebhookBody(service.publicKeyPem, webhook.rawBody, header)).toBe(true);
  const { v, s } = JSON.parse(header) as { v: string; s: string };
  expect(v).toBe("1");
  const valid = createVerify("sha256")
    .update(webhook.rawBody)
    .verify({ key: service.publicKeyPem, dsaEncoding: "der" }, Buffer.from(s, "base64"));
  expect(valid).toBe(true);
  const parsed = outgoingPaymentWebhookSchema.safeParse(webhook.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(webhook.body.webhookId).toEqual(expect.stringMatching(/^Webhook:/));
  // The reference requires both on an outgoing transaction (api-notes §8).
  const transaction = transactionOf(webhook);
  expect(transaction.type).toBe("OUTGOING");
  expect(transaction.paymentInstructions).toEqual(expect.objectContaining({ reference: expect.any(String) }));
  expect(transaction.rateDetails?.serviceApiVariableFeeRate).toBeGreaterThan(0);
}

async function expectLedgerWhole() {
  expect((await checkLedger(service.context.db)).violations).toEqual([]);
}

describe("GET /transactions with a real-time funded payment waiting for its money", () => {
  it("lists it PENDING, exactly as GET /transactions/{id} answers it, with nothing debited", async () => {
    const carol = await createCustomer(service);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const quote = await waitingPayment(carol.id);
    const reference = quote.paymentInstructions[0]?.reference ?? "";

    const answered = await byId(quote.transactionId);
    expect(answered).toMatchObject({
      id: quote.transactionId,
      status: "PENDING",
      type: "OUTGOING",
      customerId: carol.id,
      platformCustomerId: carol.platformCustomerId,
      quoteId: quote.quoteId,
      paymentInstructions: quote.paymentInstructions[0],
      reconciliationInstructions: { reference },
    });
    expect(answered.rateDetails?.serviceApiVariableFeeRate).toBeGreaterThan(0);

    const listed = await list({ customerId: carol.id });
    expect(listed.data).toEqual([answered]);
    expect(listed.totalCount).toBe(1);

    expect(await balanceOf(service, carol.accounts.USD)).toBe(0);
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore);
    await expectLedgerWhole();
  });

  it("is found by every filter that names it, and by none that does not", async () => {
    const dana = await createCustomer(service);
    const quote = await waitingPayment(dana.id);
    const answered = await byId(quote.transactionId);
    const reference = quote.paymentInstructions[0]?.reference ?? "";
    const at = answered.createdAt ?? "";

    const naming: Record<string, string>[] = [
      { type: "OUTGOING", customerId: dana.id },
      { status: "PENDING", customerId: dana.id },
      { status: "PENDING", type: "OUTGOING", limit: "100" },
      { platformCustomerId: dana.platformCustomerId },
      { accountIdentifier: dana.accounts.USD },
      { accountIdentifier: bob.accounts.EUR, status: "PENDING", limit: "100" },
      { senderAccountIdentifier: dana.accounts.USD },
      { receiverAccountIdentifier: bob.accounts.EUR, status: "PENDING", limit: "100" },
      { reference },
      { startDate: at, endDate: at, customerId: dana.id },
      { customerId: dana.id, sortOrder: "asc" },
    ];
    for (const query of naming) {
      expect((await list(query)).data, JSON.stringify(query)).toContainEqual(answered);
    }
    const notNaming: Record<string, string>[] = [
      { type: "INCOMING", customerId: dana.id },
      { status: "COMPLETED", customerId: dana.id },
      { status: "CREATED", customerId: dana.id },
      { receiverAccountIdentifier: dana.accounts.USD },
      { senderAccountIdentifier: bob.accounts.EUR, customerId: dana.id },
      { reference: "RTF-NOT-THIS-ONE" },
      { endDate: new Date(Date.parse(at) - 1).toISOString(), customerId: dana.id },
    ];
    for (const query of notNaming) {
      expect((await list(query)).data, JSON.stringify(query)).toEqual([]);
    }
  });

  it("stays one payment when its money arrives: the same id, createdAt and reference, then COMPLETED", async () => {
    const erin = await createCustomer(service);
    const quote = await waitingPayment(erin.id);
    const waiting = (await list({ customerId: erin.id })).data;
    expect(waiting.map((t) => t.status)).toEqual(["PENDING"]);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);

    const funded = await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" });
    expect(funded.body).toMatchObject({ id: quote.transactionId, status: "COMPLETED" });

    const after = (await list({ customerId: erin.id })).data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: quote.transactionId,
      status: "COMPLETED",
      createdAt: waiting[0]?.createdAt,
      reconciliationInstructions: waiting[0]?.reconciliationInstructions,
      paymentInstructions: waiting[0]?.paymentInstructions,
    });
    expect(after[0]).toEqual(await byId(quote.transactionId));
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + quote.totalReceivingAmount);
    expect(await balanceOf(service, erin.accounts.USD)).toBe(0);
    await expectLedgerWhole();
  });

  it("fails the listed payment itself when the wrong amount arrives, moving nothing", async () => {
    const fay = await createCustomer(service);
    const quote = await waitingPayment(fay.id);
    const waiting = await byId(quote.transactionId);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const sent = await postJson(service, "/sandbox/send", {
      quoteId: quote.quoteId,
      currencyCode: "USD",
      currencyAmount: quote.totalSendingAmount + 1,
    });
    expect(sent.body).toMatchObject({ status: "FAILED", failureReason: "FUNDING_AMOUNT_MISMATCH" });
    const listed = (await list({ customerId: fay.id })).data;
    expect(listed.map((t) => [t.id, t.status])).toEqual([[quote.transactionId, "FAILED"]]);
    // The payment that waited, not a second record: its createdAt and the reference its money was matched by.
    expect(listed[0]).toMatchObject({
      createdAt: waiting.createdAt,
      reconciliationInstructions: { reference: quote.paymentInstructions[0]?.reference },
    });
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore);
    expect(await balanceOf(service, fay.accounts.USD)).toBe(0);
    await expectLedgerWhole();
  });

  it("is not an incoming payment to approve or reject: 409 and nothing moves", async () => {
    const gus = await createCustomer(service);
    const quote = await waitingPayment(gus.id);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    for (const decision of ["approve", "reject"]) {
      const { status, body } = await postJson(service, `/transactions/${quote.transactionId}/${decision}`);
      expect(status).toBe(409);
      expect(body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    }
    expect((await byId(quote.transactionId)).status).toBe("PENDING");
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore);
  });
});

describe("cursor paging over waiting real-time payments and stored ones", () => {
  it("walks every page in both orders without a gap or a repeat, in (createdAt, id) order", async () => {
    const hal = await createCustomer(service);
    await fund(service, hal.accounts.USD, 1_000_000);
    const made: string[] = [];
    const waiting: string[] = [];
    for (let i = 0; i < 4; i++) {
      // A payment from the account, stored when executed at once…
      const paid = await postJson(service, "/quotes", {
        source: { accountId: hal.accounts.USD },
        destination: { accountId: bob.accounts.EUR, currency: "EUR" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 5_000 + i,
        immediatelyExecute: true,
      });
      expect(paid.status).toBe(201);
      made.push(paid.body.transactionId);
      // …and a real-time funded one waiting for its money, executed at once too.
      const quote = await realTimeQuote(hal.id, { immediatelyExecute: true });
      made.push(quote.transactionId);
      waiting.push(quote.transactionId);
    }
    // One real-time payment whose money arrived.
    const arrived = await waitingPayment(hal.id);
    await postJson(service, "/sandbox/send", { quoteId: arrived.quoteId, currencyCode: "USD" });
    made.push(arrived.transactionId);

    const whole = await list({ customerId: hal.id, limit: "100" });
    expect(new Set(whole.data.map((t) => t.id))).toEqual(new Set(made));
    expect(whole.totalCount).toBe(made.length);
    const key = (t: Transaction) => `${t.createdAt}|${t.id}`;
    const keys = whole.data.map(key);
    expect(keys).toEqual([...keys].sort().reverse());

    for (const sortOrder of ["desc", "asc"] as const) {
      const seen: Transaction[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const result = await list({
          customerId: hal.id,
          limit: "2",
          sortOrder,
          ...(cursor ? { cursor } : {}),
        });
        expect(result.totalCount).toBe(made.length);
        seen.push(...result.data);
        if (!result.hasMore) break;
        cursor = result.nextCursor ?? undefined;
        expect(cursor).toBeTruthy();
      }
      const expected = sortOrder === "desc" ? whole.data : [...whole.data].reverse();
      expect(seen).toEqual(expected);
    }

    // Only the waiting ones are PENDING, paged one at a time.
    const pending: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await list({
        customerId: hal.id,
        status: "PENDING",
        limit: "1",
        ...(cursor ? { cursor } : {}),
      });
      pending.push(...result.data.map((t) => t.id));
      if (!result.hasMore) break;
      cursor = result.nextCursor ?? undefined;
    }
    expect(new Set(pending)).toEqual(new Set(waiting));
    expect(pending).toHaveLength(waiting.length);
  });
});

describe("OUTGOING_PAYMENT for a real-time funded payment", () => {
  it("is sent once for PENDING when the quote is executed, signed, with the payment as GET answers it", async () => {
    const ian = await createCustomer(service);
    const quote = await waitingPayment(ian.id);
    const answered = await byId(quote.transactionId);
    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        transactionOf(w).id === quote.transactionId &&
        transactionOf(w).status === "PENDING",
    );
    expectSignedOutgoingWebhook(webhook);
    expect(transactionOf(webhook)).toEqual(answered);

    await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" });
    await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        transactionOf(w).id === quote.transactionId &&
        transactionOf(w).status === "COMPLETED",
    );
    await waitForIdleQueue(service.context.db.pool);
    // Each status once: PENDING at execution, then PROCESSING and COMPLETED when the money arrived.
    expect(outgoing(quote.transactionId).map((w) => transactionOf(w).status)).toEqual([
      "PENDING",
      "PROCESSING",
      "COMPLETED",
    ]);
    for (const each of outgoing(quote.transactionId)) expectSignedOutgoingWebhook(each);
    // One event each, not one event delivered twice.
    expect(new Set(outgoing(quote.transactionId).map((w) => w.body.webhookId)).size).toBe(3);
  });

  it("is sent once for PENDING when the quote is executed at creation (immediatelyExecute)", async () => {
    const jo = await createCustomer(service);
    const quote = await realTimeQuote(jo.id, { immediatelyExecute: true });
    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        transactionOf(w).id === quote.transactionId &&
        transactionOf(w).status === "PENDING",
    );
    expectSignedOutgoingWebhook(webhook);
    expect(transactionOf(webhook)).toEqual(await byId(quote.transactionId));
    await waitForIdleQueue(service.context.db.pool);
    expect(outgoing(quote.transactionId)).toHaveLength(1);
  });

  it("is not sent for a quote that is only created, nor for one funded before execution until it moves", async () => {
    const kim = await createCustomer(service);
    const created = await realTimeQuote(kim.id);
    const fundedFirst = await realTimeQuote(kim.id);
    await postJson(service, "/sandbox/send", { quoteId: fundedFirst.quoteId, currencyCode: "USD" });
    await waitForIdleQueue(service.context.db.pool);
    expect(outgoing(created.transactionId)).toEqual([]);
    // Funded before it was executed, it never waited: PROCESSING, then COMPLETED.
    expect(outgoing(fundedFirst.transactionId).map((w) => transactionOf(w).status)).toEqual([
      "PROCESSING",
      "COMPLETED",
    ]);
    expect((await list({ customerId: kim.id })).data.map((t) => t.id)).toEqual([fundedFirst.transactionId]);
  });
});

describe("concurrent executions and fundings of one real-time funded quote", () => {
  it("pay it exactly once, announce PENDING once when an execution came first, and keep the ledger whole", async () => {
    const lee = await createCustomer(service);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const made: Quote[] = [];
    for (let i = 0; i < 6; i++) made.push(await realTimeQuote(lee.id));
    const executions = await Promise.all(
      made.map(async (quote) => {
        const [first, second] = await Promise.all([
          postJson(service, `/quotes/${quote.quoteId}/execute`),
          postJson(service, `/quotes/${quote.quoteId}/execute`),
          postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" }),
          postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" }),
          getJson(service, `/transactions?customerId=${lee.id}`),
        ]);
        return [first, second].filter((answer) => answer.status === 200).length;
      }),
    );
    await waitForIdleQueue(service.context.db.pool);
    const listed = (await list({ customerId: lee.id, limit: "100" })).data;
    expect(listed.map((t) => t.status)).toEqual(made.map(() => "COMPLETED"));
    const received = made.reduce((sum, quote) => sum + quote.totalReceivingAmount, 0);
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + received);
    expect(await balanceOf(service, lee.accounts.USD)).toBe(0);
    made.forEach((quote, index) => {
      // At most one execution wins; one that won came before the money (else it is 409), so its payment waited,
      // PENDING, announced once; a quote funded first never waited.
      expect(executions[index]).toBeLessThanOrEqual(1);
      expect(outgoing(quote.transactionId, "PENDING")).toHaveLength(executions[index] ?? 0);
      expect(outgoing(quote.transactionId, "COMPLETED")).toHaveLength(1);
    });
    await expectLedgerWhole();
  });
});

describe("a real-time funded quote that expired unexecuted", () => {
  /** As if the quote's expiresAt had passed, without moving the service's clock. */
  async function expireNow(quoteId: string) {
    await service.context.db
      .update(quotes)
      .set({ expiresAt: new Date(service.context.clock.now().getTime() - 1_000) })
      .where(eq(quotes.id, quoteId));
  }

  it("is listed EXPIRED as GET /transactions/{id} answers it, announced once, and never funded", async () => {
    const max = await createCustomer(service);
    const quote = await realTimeQuote(max.id);
    // Created only: not listed, as no CREATED payment is.
    expect((await list({ customerId: max.id })).data).toEqual([]);
    expect((await byId(quote.transactionId)).status).toBe("CREATED");
    await expireNow(quote.quoteId);

    const listed = (await list({ customerId: max.id, status: "EXPIRED" })).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual(await byId(quote.transactionId));
    expect(listed[0]).toMatchObject({
      id: quote.transactionId,
      status: "EXPIRED",
      type: "OUTGOING",
      paymentInstructions: quote.paymentInstructions[0],
      reconciliationInstructions: { reference: quote.paymentInstructions[0]?.reference },
    });
    expect((await list({ type: "OUTGOING", status: "EXPIRED", limit: "100" })).data).toContainEqual(
      listed[0],
    );

    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        transactionOf(w).id === quote.transactionId &&
        transactionOf(w).status === "EXPIRED",
    );
    expectSignedOutgoingWebhook(webhook);
    expect(transactionOf(webhook)).toEqual(listed[0]);

    const late = await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("QUOTE_EXPIRED");
    expect((await postJson(service, `/quotes/${quote.quoteId}/execute`)).status).toBe(409);
    await getJson(service, `/quotes/${quote.quoteId}`);
    await waitForIdleQueue(service.context.db.pool);
    expect(outgoing(quote.transactionId).map((w) => transactionOf(w).status)).toEqual(["EXPIRED"]);
    expect(await balanceOf(service, max.accounts.USD)).toBe(0);
    expect((await byId(quote.transactionId)).status).toBe("EXPIRED");
    await expectLedgerWhole();
  });

  it("is recorded when first read by id, then listed the same", async () => {
    const ned = await createCustomer(service);
    const quote = await realTimeQuote(ned.id);
    await expireNow(quote.quoteId);
    const answered = await byId(quote.transactionId);
    expect(answered.status).toBe("EXPIRED");
    expect((await list({ customerId: ned.id })).data).toEqual([answered]);
  });

  it("is recorded and announced when the service's clock passes its expiresAt", async () => {
    const ola = await createCustomer(service);
    const quote = await realTimeQuote(ola.id);
    await advanceClock(service, 301);
    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        transactionOf(w).id === quote.transactionId &&
        transactionOf(w).status === "EXPIRED",
    );
    expectSignedOutgoingWebhook(webhook);
    expect((await list({ customerId: ola.id })).data).toEqual([transactionOf(webhook)]);
  });
});

describe("a real-time funded quote's expiry when nothing reads it", () => {
  it("is announced at expiresAt by the job queue", async () => {
    const quick = await startTestService({ quoteTtlSeconds: 1 });
    const inbox = await startWebhookReceiver();
    try {
      await configurePlatform(quick, {
        webhookEndpoint: inbox.url,
        currencies: [
          { currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 },
          { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
        ],
      });
      const sender = await createCustomer(quick);
      const receiving = await createCustomer(quick);
      const { body: quote } = await postJson(quick, "/quotes", {
        source: { customerId: sender.id, currency: "USD" },
        destination: { accountId: receiving.accounts.EUR, currency: "EUR" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10_000,
      });
      const webhook = await inbox.waitFor(
        (w) =>
          w.body.type === "OUTGOING_PAYMENT" &&
          transactionOf(w).id === quote.transactionId &&
          transactionOf(w).status === "EXPIRED",
      );
      expect(
        verifyWebhookBody(
          quick.publicKeyPem,
          webhook.rawBody,
          String(webhook.headers["x-service-signature"]),
        ),
      ).toBe(true);
      expect(outgoingPaymentWebhookSchema.safeParse(webhook.body).success).toBe(true);
    } finally {
      await quick.close();
      await inbox.close();
    }
  });
});
