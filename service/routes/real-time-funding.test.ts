import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteSchema, transactionSchema } from "../../shared/contract";
import {
  balanceOf,
  configurePlatform,
  createCustomer,
  getJson,
  platformAccountId,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

// Real-time funded quotes (api-notes §8): a source of `{customerId?, currency}` carries paymentInstructions; the
// money arrives through POST /sandbox/send, before or after the quote is executed.

let service: TestService;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  await configurePlatform(service, {
    currencies: [
      { currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 },
      { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
    ],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
});

const realTime = (source: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  source,
  destination: { accountId: bob.accounts.EUR, currency: "EUR" },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: 10_000,
  ...extra,
});

describe("POST /quotes with a real-time funded source", () => {
  it("quotes for a customer with paymentInstructions to pay into, moving nothing yet", async () => {
    const { status, body } = await postJson(
      service,
      "/quotes",
      realTime({ customerId: alice.id, currency: "USD" }),
    );
    expect(status).toBe(201);
    const quote = quoteSchema.parse(body);
    expect(quote.source).toEqual({ sourceType: "REALTIME_FUNDING", customerId: alice.id, currency: "USD" });
    expect(quote.paymentInstructions).toEqual([
      {
        reference: expect.stringMatching(/^RTF-/),
        instructionsNotes: expect.stringContaining("100.00 USD"),
        bankAccountInfo: expect.objectContaining({ accountType: "US_ACCOUNT", accountCategory: "CHECKING" }),
      },
    ]);
    expect(await balanceOf(service, alice.accounts.USD)).toBe(0);
  });

  it("quotes on behalf of the platform without a customerId", async () => {
    const { status, body } = await postJson(service, "/quotes", realTime({ currency: "EUR" }));
    expect(status).toBe(201);
    expect(body.source).toEqual({ sourceType: "REALTIME_FUNDING", currency: "EUR" });
    expect(body.customerId).toBeUndefined();
    expect(body.paymentInstructions[0].bankAccountInfo).toMatchObject({ accountType: "IBAN" });
  });

  it("waits for the money when executed, then completes when the sandbox funds it", async () => {
    const quote = (await postJson(service, "/quotes", realTime({ customerId: alice.id, currency: "USD" })))
      .body;
    const executed = await postJson(service, `/quotes/${quote.quoteId}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe("PROCESSING");
    const waiting = await getJson(service, `/transactions/${quote.transactionId}`);
    // The transaction's instructions are the quote's one instruction, as one object (api-notes §8).
    expect(transactionSchema.parse(waiting.body)).toMatchObject({
      status: "PENDING",
      paymentInstructions: quote.paymentInstructions[0],
      // Every status but CREATED has one: the reference the money is matched by.
      reconciliationInstructions: { reference: quote.paymentInstructions[0].reference },
    });
    const bobBefore = await balanceOf(service, bob.accounts.EUR);

    const funded = await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" });
    expect(funded.status).toBe(200);
    expect(funded.body).toMatchObject({ id: quote.transactionId, status: "COMPLETED" });
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("COMPLETED");
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + quote.totalReceivingAmount);
    // The money passed through the sender's account; nothing stays there and nothing was taken from it.
    expect(await balanceOf(service, alice.accounts.USD)).toBe(0);

    const again = await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "USD" });
    expect(again.status).toBe(409);
  });

  it("is funded before execution too, and a platform quote passes through the platform's account", async () => {
    const platformEur = await platformAccountId(service, "EUR");
    const before = await balanceOf(service, platformEur);
    const quote = (await postJson(service, "/quotes", realTime({ currency: "EUR" }))).body;
    const funded = await postJson(service, "/sandbox/send", { quoteId: quote.quoteId, currencyCode: "EUR" });
    expect(funded.body.status).toBe("COMPLETED");
    expect(await balanceOf(service, platformEur)).toBe(before);
  });

  it("fails the quote when the wrong amount arrives, moving nothing", async () => {
    const quote = (await postJson(service, "/quotes", realTime({ customerId: alice.id, currency: "USD" })))
      .body;
    await postJson(service, `/quotes/${quote.quoteId}/execute`);
    const funded = await postJson(service, "/sandbox/send", {
      quoteId: quote.quoteId,
      currencyCode: "USD",
      currencyAmount: quote.totalSendingAmount - 1,
    });
    expect(funded.body).toMatchObject({ status: "FAILED", failureReason: "FUNDING_AMOUNT_MISMATCH" });
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("FAILED");
  });

  it("keeps the quote's amounts on the failed payment and says what arrived, as money", async () => {
    const quote = (await postJson(service, "/quotes", realTime({ customerId: alice.id, currency: "USD" })))
      .body;
    await postJson(service, `/quotes/${quote.quoteId}/execute`);
    const arrived = quote.totalSendingAmount - 5_000;
    const sent = await postJson(service, "/sandbox/send", {
      quoteId: quote.quoteId,
      currencyCode: "USD",
      currencyAmount: arrived,
    });
    const dollars = (minor: number) =>
      `$${Math.floor(minor / 100).toLocaleString("en-US")}.${String(minor % 100).padStart(2, "0")}`;
    for (const payment of [
      sent.body,
      (await getJson(service, `/transactions/${quote.transactionId}`)).body,
    ]) {
      // What the payment was to send and deliver (the quote's), as any failed payment's amounts: not what arrived.
      expect(payment).toMatchObject({
        status: "FAILED",
        sentAmount: { amount: quote.totalSendingAmount, currency: { code: "USD" } },
        receivedAmount: { amount: quote.totalReceivingAmount, currency: { code: "EUR" } },
        fees: quote.feesIncluded,
        failureDetail: `Received ${dollars(arrived)} but the quote needs ${dollars(quote.totalSendingAmount)}; the funds were returned.`,
      });
    }
    // Nothing was sent and what arrived went back: the sender's account holds nothing.
    expect(await balanceOf(service, alice.accounts.USD)).toBe(0);
  });

  it("applies the currency's required customer fields to the customer", async () => {
    const incomplete = await createCustomer(service, { incomplete: true });
    const refused = await postJson(
      service,
      "/quotes",
      realTime({ customerId: incomplete.id, currency: "USD" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "MISSING_MANDATORY_USER_INFO",
      details: { missingFields: ["BIRTH_DATE", "ADDRESS"], currencies: ["USD"] },
    });
  });

  it.each([
    ["no account and no currency", { customerId: "Customer:x" }],
    ["an account and a customer", { accountId: "InternalAccount:x", customerId: "Customer:x" }],
  ])("refuses a source with %s with 400 INVALID_INPUT", async (_label, source) => {
    const { status, body } = await postJson(service, "/quotes", realTime(source));
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_INPUT");
  });

  it("refuses an unknown customer with 404 and an unsupported currency with 400", async () => {
    const unknown = await postJson(
      service,
      "/quotes",
      realTime({ customerId: "Customer:nope", currency: "USD" }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("USER_NOT_FOUND");
    const unsupported = await postJson(
      service,
      "/quotes",
      realTime({ customerId: alice.id, currency: "JPY" }),
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.code).toBe("INVALID_CURRENCY");
  });

  it("refuses an account source whose currency is not the one given", async () => {
    const { status, body } = await postJson(
      service,
      "/quotes",
      realTime({ accountId: alice.accounts.USD, currency: "EUR" }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });
});
