import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteSchema, transactionSchema } from "../../shared/contract";
import { quotes, transactions } from "../db/schema";
import { computeQuoteAmounts } from "../domain/rates";
import {
  advanceClock,
  balanceOf,
  configurePlatform,
  createCustomer,
  createExternalAccount,
  fund,
  getJson,
  ledgerRows,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";

let service: TestService;
let receiver: WebhookReceiver;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  await configurePlatform(service, {
    webhookEndpoint: receiver.url,
    currencies: [
      { currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 },
      { currencyCode: "EUR", minAmount: 100, maxAmount: 100_000_000 },
      { currencyCode: "MXN", minAmount: 1_000, maxAmount: 2_000_000_000 },
    ],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

const usdToEur = (amount = 10_000, extra: Record<string, unknown> = {}) => ({
  source: { accountId: alice.accounts.USD },
  destination: { accountId: bob.accounts.EUR, currency: "EUR" },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: amount,
  ...extra,
});

async function createQuote(body: unknown) {
  return postJson(service, "/quotes", body);
}

describe("POST /quotes", () => {
  it("refuses a wrong credential with 401", async () => {
    const wrong = `Basic ${Buffer.from("test_token:wrong").toString("base64")}`;
    const response = await service.api("/quotes", {
      method: "POST",
      headers: { authorization: wrong },
      json: usdToEur(),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("UNAUTHORIZED");
  });

  it("prices a SENDING lock with the documented formula and returns 201", async () => {
    const { status, body } = await createQuote(usdToEur(10_000, { description: "rent" }));
    expect(status).toBe(201);
    expect(quoteSchema.safeParse(body).success).toBe(true);
    const expected = computeQuoteAmounts({
      sendingCurrency: "USD",
      receivingCurrency: "EUR",
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 10_000,
    });
    expect(body).toMatchObject({
      quoteId: expect.stringMatching(/^Quote:/),
      status: "PENDING",
      source: { sourceType: "ACCOUNT", accountId: alice.accounts.USD, customerId: alice.id },
      destination: { destinationType: "ACCOUNT", accountId: bob.accounts.EUR },
      sendingCurrency: { code: "USD", decimals: 2 },
      receivingCurrency: { code: "EUR", decimals: 2 },
      totalSendingAmount: 10_000,
      totalReceivingAmount: expected.totalReceivingAmount,
      feesIncluded: expected.feesIncluded,
      exchangeRate: Number(expected.exchangeRate),
      transactionId: expect.stringMatching(/^Transaction:/),
      description: "rent",
    });
    // 0.10 fixed + 0.3% of 100.00 = 0.40 USD; 99.60 USD at 1.08695652174 USD per EUR = 91.632 → 91.63 EUR
    expect(body.feesIncluded).toBe(40);
    expect(body.totalReceivingAmount).toBe(9_163);
    expect(new Date(body.expiresAt).getTime() - new Date(body.createdAt).getTime()).toBe(300_000);
    expect(body.rateDetails).toMatchObject({ serviceApiFixedFee: 10, serviceApiVariableFeeAmount: 30 });
  });

  it("prices a RECEIVING lock so the receiver gets exactly the locked amount", async () => {
    const { status, body } = await createQuote({
      ...usdToEur(),
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 5_000,
    });
    expect(status).toBe(201);
    expect(body.totalReceivingAmount).toBe(5_000);
    const net = body.totalSendingAmount - body.feesIncluded;
    expect(Math.abs(net / body.exchangeRate - 5_000)).toBeLessThanOrEqual(1);
  });

  const invalid: [string, () => unknown, string][] = [
    ["an unknown field", () => ({ ...usdToEur(), colour: "red" }), ""],
    ["a zero amount", () => usdToEur(0), "lockedCurrencyAmount"],
    ["a fractional amount", () => usdToEur(10.5), "lockedCurrencyAmount"],
    ["an amount above the spec's ceiling", () => usdToEur(9_000_000_000_000_001), "lockedCurrencyAmount"],
    ["a bad locked side", () => ({ ...usdToEur(), lockedCurrencySide: "BOTH" }), "lockedCurrencySide"],
    ["a missing source", () => ({ ...usdToEur(), source: undefined }), "source"],
    [
      "a non-ISO currency",
      () => ({ ...usdToEur(), destination: { accountId: bob.accounts.EUR, currency: "XYZ" } }),
      "destination.currency",
    ],
    [
      "a UMA destination without lookupId",
      () => ({
        ...usdToEur(),
        destination: { umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
      }),
      "lookupId",
    ],
  ];
  for (const [label, body, path] of invalid) {
    it(`refuses ${label} with 400 INVALID_INPUT`, async () => {
      const response = await createQuote(body());
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("INVALID_INPUT");
      if (path) {
        expect(response.body.details.fields.map((f: { path: string }) => f.path)).toContain(path);
      }
    });
  }

  it("refuses a source whose customer's KYC is not approved with 403 USER_NOT_READY", async () => {
    const pending = await createCustomer(service, { kycStatus: "PENDING_REVIEW" });
    const { status, body } = await createQuote({
      ...usdToEur(),
      source: { accountId: pending.accounts.USD },
    });
    expect(status).toBe(403);
    expect(body.code).toBe("USER_NOT_READY");
  });

  it("refuses a sender or receiver lacking what the currency requires with 400 MISSING_MANDATORY_USER_INFO", async () => {
    const incomplete = await createCustomer(service, { incomplete: true });
    await fund(service, incomplete.accounts.USD, 50_000);
    const asSender = await createQuote({ ...usdToEur(), source: { accountId: incomplete.accounts.USD } });
    expect(asSender.status).toBe(400);
    expect(asSender.body).toMatchObject({
      code: "MISSING_MANDATORY_USER_INFO",
      details: { missingFields: ["BIRTH_DATE", "ADDRESS"], currencies: ["USD"] },
    });
    const asReceiver = await createQuote({
      ...usdToEur(),
      destination: { accountId: incomplete.accounts.EUR, currency: "EUR" },
    });
    expect(asReceiver.status).toBe(400);
    expect(asReceiver.body).toMatchObject({
      code: "MISSING_MANDATORY_USER_INFO",
      details: { missingFields: ["BIRTH_DATE", "NATIONALITY", "ADDRESS"], currencies: ["EUR"] },
    });
    const quotes = await getJson(service, `/quotes?customerId=${incomplete.id}`);
    expect(quotes.body.totalCount ?? quotes.body.data.length).toBe(0);
  });

  it("gives every quote a transactionId that GET /transactions answers, CREATED until executed", async () => {
    const { status, body: quote } = await createQuote(usdToEur(1_000, { description: "planned" }));
    expect(status).toBe(201);
    const planned = await getJson(service, `/transactions/${quote.transactionId}`);
    expect(planned.status).toBe(200);
    expect(transactionSchema.parse(planned.body)).toMatchObject({
      id: quote.transactionId,
      status: "CREATED",
      type: "OUTGOING",
      customerId: alice.id,
      platformCustomerId: alice.platformCustomerId,
      quoteId: quote.quoteId,
      source: { sourceType: "ACCOUNT", accountId: alice.accounts.USD, currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: bob.accounts.EUR, currency: "EUR" },
      description: "planned",
    });
    expect(planned.body).not.toHaveProperty("reconciliationInstructions");
    await fund(service, alice.accounts.USD, 10_000);
    expect((await postJson(service, `/quotes/${quote.quoteId}/execute`)).status).toBe(200);
    const executed = await getJson(service, `/transactions/${quote.transactionId}`);
    expect(executed.body).toMatchObject({ id: quote.transactionId, status: "COMPLETED" });
    expect((await getJson(service, "/transactions/Transaction:nope")).status).toBe(404);
  });

  it("answers unknown accounts with 404 ACCOUNT_NOT_FOUND", async () => {
    const unknownSource = await createQuote({ ...usdToEur(), source: { accountId: "InternalAccount:nope" } });
    expect(unknownSource.status).toBe(404);
    expect(unknownSource.body.code).toBe("ACCOUNT_NOT_FOUND");
    const unknownDestination = await createQuote({
      ...usdToEur(),
      destination: { accountId: "InternalAccount:nope", currency: "EUR" },
    });
    expect(unknownDestination.status).toBe(404);
  });

  it("refuses a destination currency that is not the account's with 400 INVALID_CURRENCY", async () => {
    const { status, body } = await createQuote({
      ...usdToEur(),
      destination: { accountId: bob.accounts.EUR, currency: "MXN" },
    });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });

  it("refuses a currency the platform does not support with 400 INVALID_CURRENCY", async () => {
    const yen = await createCustomer(service, { currencies: ["JPY"] });
    const { status, body } = await createQuote({ ...usdToEur(), source: { accountId: yen.accounts.JPY } });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });

  it("refuses paying an account to itself with 400 SELF_PAYMENT", async () => {
    const { status, body } = await createQuote({
      ...usdToEur(),
      destination: { accountId: alice.accounts.USD, currency: "USD" },
    });
    expect(status).toBe(400);
    expect(body.code).toBe("SELF_PAYMENT");
  });

  it("refuses amounts outside the currency's configured bounds with 400 AMOUNT_OUT_OF_RANGE", async () => {
    const tooBig = await createQuote(usdToEur(100_000_001));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({
      code: "AMOUNT_OUT_OF_RANGE",
      details: { min: 100, max: 100_000_000 },
    });
    const tooSmall = await createQuote(usdToEur(99));
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.code).toBe("AMOUNT_OUT_OF_RANGE");
    // In the currency's units, as a person reads it: not 99 "USD" outside "100 to 100000000".
    expect(tooSmall.body.message).toMatch(
      /0\.99 USD is outside the platform's bounds for USD, 1\.00 USD to 1000000\.00 USD\.$/,
    );
  });
});

describe("a receiver deleted", () => {
  it("refuses a quote to a deleted customer's account with 410 CUSTOMER_DELETED and creates nothing", async () => {
    const gone = await createCustomer(service);
    expect((await service.api(`/customers/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    await fund(service, alice.accounts.USD, 20_000);
    const before = await balanceOf(service, alice.accounts.USD);
    const { status, body } = await createQuote({
      ...usdToEur(10_000, { immediatelyExecute: true }),
      destination: { accountId: gone.accounts.EUR, currency: "EUR" },
    });
    expect(status).toBe(410);
    expect(body.code).toBe("CUSTOMER_DELETED");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
    expect(await balanceOf(service, gone.accounts.EUR)).toBe(0);
  });

  it("refuses a receiver whose KYC was not approved with 403 USER_NOT_READY: they could never take the money out", async () => {
    const rejected = await createCustomer(service, { kycStatus: "REJECTED" });
    await fund(service, alice.accounts.USD, 20_000);
    const before = await balanceOf(service, alice.accounts.USD);
    const { status, body } = await createQuote({
      ...usdToEur(10_000, { immediatelyExecute: true }),
      destination: { accountId: rejected.accounts.EUR, currency: "EUR" },
    });
    expect(status).toBe(403);
    expect(body.code).toBe("USER_NOT_READY");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
    expect(await balanceOf(service, rejected.accounts.EUR)).toBe(0);
  });

  it("fails a quote whose receiver was deleted before it ran, and returns the sender's money", async () => {
    const leaving = await createCustomer(service);
    await fund(service, alice.accounts.USD, 20_000);
    const before = await balanceOf(service, alice.accounts.USD);
    const quote = await createQuote({
      ...usdToEur(10_000),
      destination: { accountId: leaving.accounts.EUR, currency: "EUR" },
    });
    expect(quote.status).toBe(201);
    expect((await service.api(`/customers/${leaving.id}`, { method: "DELETE" })).status).toBe(200);
    const executed = await postJson(service, `/quotes/${quote.body.quoteId}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe("FAILED");
    const transaction = (await getJson(service, `/transactions/${quote.body.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
    expect(await balanceOf(service, leaving.accounts.EUR)).toBe(0);
  });
});

describe("POST /quotes/{quoteId}/execute", () => {
  it("debits the source, credits the destination and completes, sending OUTGOING_PAYMENT twice", async () => {
    await fund(service, alice.accounts.USD, 50_000);
    const aliceBefore = await balanceOf(service, alice.accounts.USD);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const quote = (await createQuote(usdToEur(10_000))).body;
    const { status, body } = await postJson(service, `/quotes/${quote.quoteId}/execute`);
    expect(status).toBe(200);
    expect(body.status).toBe("COMPLETED");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(aliceBefore - 10_000);
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + quote.totalReceivingAmount);

    const transaction = await getJson(service, `/transactions/${quote.transactionId}`);
    expect(transaction.status).toBe(200);
    expect(transactionSchema.safeParse(transaction.body).success).toBe(true);
    expect(transaction.body).toMatchObject({
      id: quote.transactionId,
      type: "OUTGOING",
      status: "COMPLETED",
      customerId: alice.id,
      platformCustomerId: alice.platformCustomerId,
      quoteId: quote.quoteId,
      sentAmount: { amount: 10_000, currency: { code: "USD" } },
      receivedAmount: { amount: quote.totalReceivingAmount, currency: { code: "EUR" } },
      fees: quote.feesIncluded,
      reconciliationInstructions: { reference: expect.any(String) },
      settledAt: expect.any(String),
    });
    const statuses = async () =>
      receiver.received
        .filter((w) => w.body.type === "OUTGOING_PAYMENT")
        .map((w) => w.body.transaction as { id: string; status: string })
        .filter((t) => t.id === quote.transactionId)
        .map((t) => t.status)
        .sort();
    await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        (w.body.transaction as { status: string }).status === "COMPLETED",
    );
    await expect.poll(statuses).toEqual(["COMPLETED", "PROCESSING"]);
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("COMPLETED");
  });

  it("records one balanced ledger movement per currency", async () => {
    const entries = await ledgerRows(service);
    const sums = new Map<string, number>();
    for (const entry of entries) {
      const key = `${entry.movementId}/${entry.currencyCode}`;
      sums.set(key, (sums.get(key) ?? 0) + entry.amount);
    }
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
  });

  it("answers a second execute with 409 QUOTE_NOT_PENDING", async () => {
    await fund(service, alice.accounts.USD, 20_000);
    const quote = (await createQuote(usdToEur(1_000))).body;
    expect((await postJson(service, `/quotes/${quote.quoteId}/execute`)).status).toBe(200);
    const again = await postJson(service, `/quotes/${quote.quoteId}/execute`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("QUOTE_NOT_PENDING");
  });

  it("refuses an insufficient balance with 400 and changes nothing", async () => {
    const poor = await createCustomer(service);
    await fund(service, poor.accounts.USD, 500);
    const quote = (await createQuote({ ...usdToEur(1_000), source: { accountId: poor.accounts.USD } })).body;
    const { status, body } = await postJson(service, `/quotes/${quote.quoteId}/execute`);
    expect(status).toBe(400);
    expect(body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(service, poor.accounts.USD)).toBe(500);
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("PENDING");
    // No transaction was recorded: the quote's stays the planned one, CREATED.
    expect((await getJson(service, `/transactions/${quote.transactionId}`)).body.status).toBe("CREATED");
    expect((await getJson(service, `/transactions?customerId=${poor.id}`)).body.data).toHaveLength(0);
  });

  it("lets exactly one of many concurrent executes win", async () => {
    const racer = await createCustomer(service);
    await fund(service, racer.accounts.USD, 100_000);
    const quote = (await createQuote({ ...usdToEur(10_000), source: { accountId: racer.accounts.USD } }))
      .body;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => postJson(service, `/quotes/${quote.quoteId}/execute`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await balanceOf(service, racer.accounts.USD)).toBe(90_000);
  });

  it("executes at once with immediatelyExecute, or creates nothing when the balance is short", async () => {
    await fund(service, alice.accounts.USD, 10_000);
    const done = await createQuote(usdToEur(2_000, { immediatelyExecute: true }));
    expect(done.status).toBe(201);
    expect(done.body.status).toBe("COMPLETED");
    const poor = await createCustomer(service);
    const before = await service.context.db.select().from(quotes).where(eq(quotes.customerId, poor.id));
    const refused = await createQuote({
      ...usdToEur(2_000, { immediatelyExecute: true }),
      source: { accountId: poor.accounts.USD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INSUFFICIENT_BALANCE");
    const after = await service.context.db.select().from(quotes).where(eq(quotes.customerId, poor.id));
    expect(after.length).toBe(before.length);
  });

  it("answers an unknown quote with 404 QUOTE_NOT_FOUND", async () => {
    expect((await getJson(service, "/quotes/Quote:nope")).body.code).toBe("QUOTE_NOT_FOUND");
    const execute = await postJson(service, "/quotes/Quote:nope/execute");
    expect(execute.status).toBe(404);
    expect(execute.body.code).toBe("QUOTE_NOT_FOUND");
  });
});

describe("payouts to external accounts", () => {
  it("fails at once for an account closed (003) and returns the funds", async () => {
    const payer = await createCustomer(service);
    await fund(service, payer.accounts.USD, 10_000);
    const closed = await createExternalAccount(service, { customerId: payer.id, suffix: "003" });
    const quote = await createQuote({
      source: { accountId: payer.accounts.USD },
      destination: { accountId: closed, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5_000,
      immediatelyExecute: true,
    });
    expect(quote.status).toBe(201);
    expect(quote.body.status).toBe("FAILED");
    const transaction = (await getJson(service, `/transactions/${quote.body.transactionId}`)).body;
    // An outgoing payment's reason is from the outgoing list, where OFFRAMP_FAILED is not.
    expect(transaction).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    expect(await balanceOf(service, payer.accounts.USD)).toBe(10_000);
  });

  it("keeps a 005 payout processing, then fails it after 30 s and returns the funds", async () => {
    const payer = await createCustomer(service);
    await fund(service, payer.accounts.USD, 10_000);
    const slow = await createExternalAccount(service, { customerId: payer.id, suffix: "005" });
    const quote = (
      await createQuote({
        source: { accountId: payer.accounts.USD },
        destination: { accountId: slow, currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 5_000,
        immediatelyExecute: true,
      })
    ).body;
    expect(quote.status).toBe("PROCESSING");
    expect(await balanceOf(service, payer.accounts.USD)).toBe(5_000);
    await advanceClock(service, 31);
    const transaction = (await getJson(service, `/transactions/${quote.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: "FAILED", failureReason: "TIMEOUT" });
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("FAILED");
    expect(await balanceOf(service, payer.accounts.USD)).toBe(10_000);
  });

  it("moves nothing while a pull from a 005 source is pending, so the receiver cannot spend it", async () => {
    const payer = await createCustomer(service);
    const payee = await createCustomer(service);
    const slowSource = await createExternalAccount(service, { customerId: payer.id, suffix: "005" });
    const payeeBank = await createExternalAccount(service, { customerId: payee.id, suffix: "001" });
    const quote = (
      await createQuote({
        source: { accountId: slowSource },
        destination: { accountId: payee.accounts.USD, currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 5_000,
        immediatelyExecute: true,
      })
    ).body;
    expect(quote.status).toBe("PROCESSING");
    // The source's bank has not given the money: the receiver holds nothing yet and cannot send it on.
    expect(await balanceOf(service, payee.accounts.USD)).toBe(0);
    const spend = await postJson(service, "/transfer-out", {
      source: { accountId: payee.accounts.USD },
      destination: { accountId: payeeBank },
      amount: 4_000,
    });
    expect(spend.status).toBe(400);
    expect(spend.body.code).toBe("INSUFFICIENT_BALANCE");
    await advanceClock(service, 31);
    const transaction = (await getJson(service, `/transactions/${quote.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: "FAILED" });
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("FAILED");
    expect(await balanceOf(service, payee.accounts.USD)).toBe(0);
    expect((await ledgerRows(service)).filter((row) => row.transactionId === quote.transactionId)).toEqual(
      [],
    );
  });
});

describe("GET /quotes", () => {
  let lister: TestCustomer;
  const created: { quoteId: string; createdAt: string }[] = [];

  beforeAll(async () => {
    lister = await createCustomer(service);
    for (let i = 0; i < 5; i++) {
      const { body } = await createQuote({
        ...usdToEur(1_000 + i),
        source: { accountId: lister.accounts.USD },
      });
      created.push(body);
    }
  });

  it("filters by customer and pages with opaque cursors and a total count", async () => {
    const first = await getJson(service, `/quotes?customerId=${encodeURIComponent(lister.id)}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 5, nextCursor: expect.any(String) });
    expect(first.body.data.map((q: { quoteId: string }) => q.quoteId)).toEqual(
      created
        .slice(3)
        .reverse()
        .map((q) => q.quoteId),
    );
    const seen: string[] = [...first.body.data.map((q: { quoteId: string }) => q.quoteId)];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await getJson(
        service,
        `/quotes?customerId=${encodeURIComponent(lister.id)}&limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      seen.push(...page.body.data.map((q: { quoteId: string }) => q.quoteId));
      cursor = page.body.nextCursor;
    }
    expect(seen.sort()).toEqual(created.map((q) => q.quoteId).sort());
  });

  it("filters by sending and receiving account, status, and inclusive creation dates", async () => {
    const bySource = await getJson(
      service,
      `/quotes?sendingAccountId=${encodeURIComponent(lister.accounts.USD)}`,
    );
    expect(bySource.body.totalCount).toBe(5);
    const byDestination = await getJson(
      service,
      `/quotes?receivingAccountId=${encodeURIComponent(bob.accounts.EUR)}&customerId=${encodeURIComponent(lister.id)}`,
    );
    expect(byDestination.body.totalCount).toBe(5);
    const middle = created[2];
    if (!middle) throw new Error("no quote");
    const exact = await getJson(
      service,
      `/quotes?customerId=${encodeURIComponent(lister.id)}&createdAfter=${encodeURIComponent(middle.createdAt)}&createdBefore=${encodeURIComponent(middle.createdAt)}`,
    );
    expect(exact.body.data.map((q: { quoteId: string }) => q.quoteId)).toContain(middle.quoteId);
    const completed = await getJson(
      service,
      `/quotes?customerId=${encodeURIComponent(lister.id)}&status=COMPLETED`,
    );
    expect(completed.body.totalCount).toBe(0);
    const bySender = await getJson(
      service,
      `/quotes?sendingUmaAddress=${encodeURIComponent(lister.umaAddress)}`,
    );
    expect(bySender.body.totalCount).toBe(5);
    const byReceiver = await getJson(
      service,
      `/quotes?receivingUmaAddress=${encodeURIComponent(bob.umaAddress)}&customerId=${encodeURIComponent(lister.id)}`,
    );
    expect(byReceiver.body.totalCount).toBe(5);
  });

  it("refuses a malformed cursor, limit and status with 400", async () => {
    expect((await getJson(service, "/quotes?cursor=garbage")).status).toBe(400);
    expect((await getJson(service, "/quotes?limit=0")).status).toBe(400);
    expect((await getJson(service, "/quotes?limit=101")).status).toBe(400);
    expect((await getJson(service, "/quotes?status=DONE")).status).toBe(400);
    expect((await getJson(service, "/quotes?colour=red")).status).toBe(400);
  });

  it("reads a PENDING quote past expiresAt as EXPIRED and refuses to execute it with 409 QUOTE_EXPIRED", async () => {
    await fund(service, lister.accounts.USD, 10_000);
    const quote = (await createQuote({ ...usdToEur(1_000), source: { accountId: lister.accounts.USD } }))
      .body;
    await advanceClock(service, 301);
    expect((await getJson(service, `/quotes/${quote.quoteId}`)).body.status).toBe("EXPIRED");
    const [stored] = await service.context.db.select().from(quotes).where(eq(quotes.id, quote.quoteId));
    expect(stored?.status).toBe("EXPIRED");
    const execute = await postJson(service, `/quotes/${quote.quoteId}/execute`);
    expect(execute.status).toBe(409);
    expect(execute.body.code).toBe("QUOTE_EXPIRED");
    const expired = await getJson(
      service,
      `/quotes?customerId=${encodeURIComponent(lister.id)}&status=EXPIRED`,
    );
    expect(expired.body.totalCount).toBe(6);
    expect(await balanceOf(service, lister.accounts.USD)).toBe(10_000);
    const rows = await service.context.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, quote.transactionId));
    expect(rows).toHaveLength(0);
  });
});
