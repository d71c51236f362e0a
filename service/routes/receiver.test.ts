import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalAccountLookupSchema, receiverLookupSchema } from "../../shared/contract";
import {
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

let service: TestService;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  await configurePlatform(service, {
    currencies: [
      {
        currencyCode: "USD",
        minAmount: 100,
        maxAmount: 100_000_000,
        requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      },
      {
        currencyCode: "EUR",
        minAmount: 100,
        maxAmount: 50_000_000,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: false },
          { name: "NATIONALITY", mandatory: true },
        ],
      },
    ],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
  await fund(service, alice.accounts.USD, 1_000_000);
});
afterAll(async () => {
  await service.close();
});

const lookup = (address: string, query: string) =>
  getJson(service, `/receiver/uma/${encodeURIComponent(address)}?${query}`);
const sender = () => `customerId=${encodeURIComponent(alice.id)}`;

describe("GET /receiver/uma/{receiverUmaAddress}", () => {
  it("refuses a wrong credential with 401", async () => {
    const response = await service.api(`/receiver/uma/$success.usd@sandbox.uma.money?${sender()}`, {
      headers: { authorization: "Basic eDp5" },
    });
    expect(response.status).toBe(401);
  });

  it("looks up a sandbox receiver and stores the lookup", async () => {
    const { status, body } = await lookup("$success.eur@sandbox.uma.money", sender());
    expect(status).toBe(200);
    expect(receiverLookupSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      lookupId: expect.stringMatching(/^Lookup:/),
      receiverUmaAddress: "$success.eur@sandbox.uma.money",
      supportedCurrencies: [
        {
          currency: expect.objectContaining({ code: "EUR", decimals: 2 }),
          estimatedExchangeRate: expect.any(Number),
          min: 100,
          max: 50_000_000,
        },
      ],
      requiredPayerDataFields: [
        { name: "FULL_NAME", mandatory: true },
        { name: "BIRTH_DATE", mandatory: false },
      ],
    });
    // USD (the platform's first currency) per EUR.
    expect(body.supportedCurrencies[0].estimatedExchangeRate).toBeCloseTo(1 / 0.92, 9);
  });

  it("accepts the sandbox alias domain, any letter case, and the sender's UMA address", async () => {
    const { status, body } = await lookup(
      "$Success.USD@sandbox.service.uma.money",
      `senderUmaAddress=${encodeURIComponent(alice.umaAddress)}`,
    );
    expect(status).toBe(200);
    expect(body.supportedCurrencies.map((c: { currency: { code: string } }) => c.currency.code)).toEqual([
      "USD",
    ]);
  });

  it("looks up one of the platform's own customers with its currencies and counterparty fields", async () => {
    const { status, body } = await lookup(bob.umaAddress, sender());
    expect(status).toBe(200);
    expect(body.supportedCurrencies.map((c: { currency: { code: string } }) => c.currency.code)).toEqual([
      "EUR",
      "USD",
    ]);
    expect(body.requiredPayerDataFields).toEqual(
      expect.arrayContaining([
        { name: "FULL_NAME", mandatory: true },
        { name: "NATIONALITY", mandatory: true },
      ]),
    );
  });

  it("answers unknown receivers with 404 UMA_NOT_FOUND", async () => {
    for (const address of ["$nobody@sandbox.uma.money", "$alice@elsewhere.example", "$ghost@uma.localhost"]) {
      const { status, body } = await lookup(address, sender());
      expect(status).toBe(404);
      expect(body.code).toBe("UMA_NOT_FOUND");
    }
  });

  it("refuses a malformed address with 400 INVALID_UMA_ADDRESS", async () => {
    for (const address of ["alice@example.com", "$a b@example.com", "$alice"]) {
      const { status, body } = await lookup(address, sender());
      expect(status).toBe(400);
      expect(body.code).toBe("INVALID_UMA_ADDRESS");
    }
  });

  it("needs exactly one known sender", async () => {
    expect((await lookup("$success.usd@sandbox.uma.money", "")).body.code).toBe("INVALID_INPUT");
    const both = await lookup(
      "$success.usd@sandbox.uma.money",
      `${sender()}&senderUmaAddress=${encodeURIComponent(alice.umaAddress)}`,
    );
    expect(both.status).toBe(400);
    const unknown = await lookup("$success.usd@sandbox.uma.money", "customerId=Customer:nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("USER_NOT_FOUND");
    const unknownAddress = await lookup(
      "$success.usd@sandbox.uma.money",
      `senderUmaAddress=${encodeURIComponent("$nobody@uma.localhost")}`,
    );
    expect(unknownAddress.body.code).toBe("USER_NOT_FOUND");
  });

  it("refuses a sender whose KYC is not approved with 403 USER_NOT_READY", async () => {
    const pending = await createCustomer(service, { kycStatus: "PENDING_REVIEW" });
    const { status, body } = await lookup(
      "$success.usd@sandbox.uma.money",
      `customerId=${encodeURIComponent(pending.id)}`,
    );
    expect(status).toBe(403);
    expect(body.code).toBe("USER_NOT_READY");
  });

  it("refuses looking up the sender itself with 400 SELF_PAYMENT", async () => {
    const { status, body } = await lookup(alice.umaAddress, sender());
    expect(status).toBe(400);
    expect(body.code).toBe("SELF_PAYMENT");
  });
});

describe("quotes to UMA addresses", () => {
  async function lookupId(address: string, customer = alice): Promise<string> {
    const { body } = await lookup(address, `customerId=${encodeURIComponent(customer.id)}`);
    return body.lookupId;
  }
  const umaQuote = (address: string, id: string, extra: Record<string, unknown> = {}) => ({
    source: { accountId: alice.accounts.USD },
    destination: { umaAddress: address, currency: "USD" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 10_000,
    lookupId: id,
    senderCustomerInfo: { FULL_NAME: "Alice Sender" },
    ...extra,
  });

  it("quotes a real-time funded payment to a UMA address (neither side an account)", async () => {
    const address = "$success.usd@sandbox.uma.money";
    const { status, body } = await postJson(service, "/quotes", {
      ...umaQuote(address, await lookupId(address)),
      source: { customerId: alice.id, currency: "USD" },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      source: { sourceType: "REALTIME_FUNDING", customerId: alice.id, currency: "USD" },
      destination: { umaAddress: address },
    });
    expect(body.paymentInstructions[0].reference).toMatch(/^RTF-/);
  });

  it("pays a sandbox receiver through the uma ledger account", async () => {
    const address = "$success.usd@sandbox.uma.money";
    const before = await balanceOf(service, alice.accounts.USD);
    const quote = await postJson(service, "/quotes", umaQuote(address, await lookupId(address)));
    expect(quote.status).toBe(201);
    expect(quote.body.destination).toMatchObject({ destinationType: "UMA_ADDRESS", umaAddress: address });
    const executed = await postJson(service, `/quotes/${quote.body.quoteId}/execute`);
    expect(executed.body.status).toBe("COMPLETED");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before - 10_000);
    const umaCredit = (await ledgerRows(service)).filter(
      (e) => e.account === `uma:${address}` && e.transactionId === quote.body.transactionId,
    );
    expect(umaCredit.map((e) => e.amount)).toEqual([quote.body.totalReceivingAmount]);
    const transaction = (await getJson(service, `/transactions/${quote.body.transactionId}`)).body;
    expect(transaction.destination).toMatchObject({ destinationType: "UMA_ADDRESS", umaAddress: address });
  });

  it("refuses missing mandatory payer data with 400 MISSING_MANDATORY_USER_INFO", async () => {
    const address = "$success.usd@sandbox.uma.money";
    const { status, body } = await postJson(
      service,
      "/quotes",
      umaQuote(address, await lookupId(address), { senderCustomerInfo: { BIRTH_DATE: "1990-01-01" } }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe("MISSING_MANDATORY_USER_INFO");
    expect(body.details.fields).toEqual([{ path: "senderCustomerInfo.FULL_NAME", message: "Required" }]);
  });

  it("refuses an unknown lookup with 404 and a lookup for someone else with 400", async () => {
    const address = "$success.usd@sandbox.uma.money";
    const unknown = await postJson(service, "/quotes", umaQuote(address, "Lookup:nope"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("LOOKUP_REQUEST_NOT_FOUND");
    const other = await postJson(
      service,
      "/quotes",
      umaQuote(address, await lookupId("$success.eur@sandbox.uma.money")),
    );
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("INVALID_INPUT");
    const foreign = await postJson(service, "/quotes", umaQuote(address, await lookupId(address, bob)));
    expect(foreign.status).toBe(400);
  });

  it("refuses a currency the receiver does not take with 400 INVALID_CURRENCY", async () => {
    const address = "$success.eur@sandbox.uma.money";
    const { status, body } = await postJson(
      service,
      "/quotes",
      umaQuote(address, await lookupId(address), { destination: { umaAddress: address, currency: "USD" } }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });

  it("retries a failed payment to the same recipient, the same amount delivered, linked to the first", async () => {
    const address = "$fail.compliance.usd@sandbox.uma.money";
    const failed = (
      await postJson(
        service,
        "/quotes",
        umaQuote(address, await lookupId(address), { immediatelyExecute: true }),
      )
    ).body;
    expect(failed.status).toBe("FAILED");
    const missing = await postJson(service, `/quotes/${failed.quoteId}/retry`, {
      lookupId: await lookupId(address),
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      code: "MISSING_MANDATORY_USER_INFO",
      details: { requiredFields: ["FULL_NAME"] },
    });
    const retried = await postJson(service, `/quotes/${failed.quoteId}/retry`, {
      lookupId: await lookupId(address),
      senderCustomerInfo: { FULL_NAME: "Alice Sender" },
    });
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({
      originalQuoteId: failed.quoteId,
      totalReceivingAmount: failed.totalReceivingAmount,
      destination: { umaAddress: address },
    });
    expect(retried.body.quoteId).not.toBe(failed.quoteId);
    // Its payment names the one it retries; the first names none.
    expect((await getJson(service, `/transactions/${retried.body.transactionId}`)).body).toMatchObject({
      originalTransactionId: failed.transactionId,
    });
    expect((await getJson(service, `/transactions/${failed.transactionId}`)).body).not.toHaveProperty(
      "originalTransactionId",
    );
    // Retried once: again, even two at once, is refused (each would debit the sender for the one failed payment);
    // the retry, which failed too, is retried in its turn.
    const again = await Promise.all(
      [1, 2].map(async () =>
        postJson(service, `/quotes/${failed.quoteId}/retry`, {
          lookupId: await lookupId(address),
          senderCustomerInfo: { FULL_NAME: "Alice Sender" },
        }),
      ),
    );
    for (const answer of again) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: "INVALID_INPUT",
        details: { retriedBy: retried.body.quoteId },
      });
    }
    const chained = await postJson(service, `/quotes/${retried.body.quoteId}/retry`, {
      lookupId: await lookupId(address),
      senderCustomerInfo: { FULL_NAME: "Alice Sender" },
    });
    expect(chained.status).toBe(201);
    expect(chained.body.originalQuoteId).toBe(retried.body.quoteId);
    // Only a failed or refunded payment: a pending quote's, or a completed one's, is refused.
    const fresh = (
      await postJson(
        service,
        "/quotes",
        umaQuote("$success.usd@sandbox.uma.money", await lookupId("$success.usd@sandbox.uma.money")),
      )
    ).body;
    const notFailed = await postJson(service, `/quotes/${fresh.quoteId}/retry`, {
      lookupId: await lookupId("$success.usd@sandbox.uma.money"),
    });
    expect(notFailed.status).toBe(400);
    expect((await postJson(service, "/quotes/Quote:nope/retry", { lookupId: "Lookup:x" })).status).toBe(404);
  });

  it("fails a payment to a receiver that fails compliance and returns the funds", async () => {
    const address = "$fail.compliance.usd@sandbox.uma.money";
    const before = await balanceOf(service, alice.accounts.USD);
    const quote = await postJson(
      service,
      "/quotes",
      umaQuote(address, await lookupId(address), { immediatelyExecute: true }),
    );
    expect(quote.body.status).toBe("FAILED");
    const transaction = (await getJson(service, `/transactions/${quote.body.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
  });

  it("credits one of the platform's own customers reached by UMA address", async () => {
    const before = await balanceOf(service, bob.accounts.EUR);
    const id = await lookupId(bob.umaAddress);
    const quote = await postJson(service, "/quotes", {
      ...umaQuote(bob.umaAddress, id, { immediatelyExecute: true }),
      destination: { umaAddress: bob.umaAddress, currency: "EUR" },
      senderCustomerInfo: { FULL_NAME: "Alice Sender", NATIONALITY: "US" },
    });
    expect(quote.status).toBe(201);
    expect(quote.body.status).toBe("COMPLETED");
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(before + quote.body.totalReceivingAmount);
    // The payment's endpoints are accounts of the platform's: each one variant, never with a UMA address too.
    const transaction = (await getJson(service, `/transactions/${quote.body.transactionId}`)).body;
    expect(transaction.source).toEqual({
      sourceType: "ACCOUNT",
      accountId: quote.body.source.accountId,
      currency: expect.any(String),
    });
    expect(transaction.destination).toEqual({
      destinationType: "ACCOUNT",
      accountId: bob.accounts.EUR,
      currency: "EUR",
    });
  });

  it("never pays a customer deleted since the lookup, nor the next holder of the address by the old lookup", async () => {
    const gone = await createCustomer(service);
    const stale = await lookupId(gone.umaAddress);
    expect((await service.api(`/customers/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    const newcomer = await createCustomer(service, { umaAddress: gone.umaAddress });
    const pay = (id: string) =>
      postJson(service, "/quotes", {
        ...umaQuote(gone.umaAddress, id, { immediatelyExecute: true }),
        destination: { umaAddress: gone.umaAddress, currency: "EUR" },
        senderCustomerInfo: { FULL_NAME: "Alice Sender", NATIONALITY: "US" },
      });
    const refused = await pay(stale);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("UMA_NOT_FOUND");
    expect(await balanceOf(service, gone.accounts.EUR)).toBe(0);
    expect(await balanceOf(service, newcomer.accounts.EUR)).toBe(0);
    // A new lookup finds the address's holder now, and the payment reaches them.
    const paid = await pay(await lookupId(gone.umaAddress));
    expect(paid.status).toBe(201);
    expect(paid.body.status).toBe("COMPLETED");
    expect(await balanceOf(service, newcomer.accounts.EUR)).toBe(paid.body.totalReceivingAmount);
    expect(await balanceOf(service, gone.accounts.EUR)).toBe(0);
  });
});

describe("GET /receiver/external-account/{accountId}", () => {
  const lookupAccount = (accountId: string, query = "") =>
    getJson(
      service,
      `/receiver/external-account/${encodeURIComponent(accountId)}${query ? `?${query}` : ""}`,
    );

  it("looks up a customer's external account for a sender, and a quote pays it with the lookup", async () => {
    const payee = await createExternalAccount(service, { customerId: bob.id });
    const { status, body } = await lookupAccount(payee, sender());
    expect(status).toBe(200);
    expect(externalAccountLookupSchema.parse(body)).toEqual({
      lookupId: expect.stringMatching(/^Lookup:/),
      accountId: payee,
      supportedCurrencies: [
        {
          currency: expect.objectContaining({ code: "USD" }),
          estimatedExchangeRate: 1,
          min: 100,
          max: 100_000_000,
        },
      ],
      requiredPayerDataFields: [],
    });
    const before = await balanceOf(service, alice.accounts.USD);
    const quote = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: payee, currency: "USD" },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 2_000,
      lookupId: body.lookupId,
      immediatelyExecute: true,
    });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({
      status: "COMPLETED",
      destination: { destinationType: "ACCOUNT", accountId: payee, currency: "USD" },
    });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before - quote.body.totalSendingAmount);
  });

  it("looks up a platform external account for the platform itself, with no sender named", async () => {
    const payee = await createExternalAccount(service, { customerId: null, currencyCode: "EUR" });
    const { status, body } = await lookupAccount(payee);
    expect(status).toBe(200);
    expect(body.supportedCurrencies[0].currency.code).toBe("EUR");
  });

  it("refuses a lookup made for another account or another sender", async () => {
    const payee = await createExternalAccount(service, { customerId: bob.id });
    const other = await createExternalAccount(service, { customerId: bob.id });
    const { body } = await lookupAccount(payee, sender());
    const quote = (destination: string, source: string) =>
      postJson(service, "/quotes", {
        source: { accountId: source },
        destination: { accountId: destination, currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_000,
        lookupId: body.lookupId,
      });
    const wrongAccount = await quote(other, alice.accounts.USD);
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.body.details.fields[0].path).toBe("lookupId");
    const wrongSender = await quote(payee, bob.accounts.USD);
    expect(wrongSender.status).toBe(400);
    expect(wrongSender.body.message).toContain("another sender");
  });

  it("answers an unknown account with 404 ACCOUNT_NOT_FOUND, and an unknown sender with 404 USER_NOT_FOUND", async () => {
    const unknown = await lookupAccount("ExternalAccount:nope", sender());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("ACCOUNT_NOT_FOUND");
    const payee = await createExternalAccount(service, { customerId: bob.id });
    const noSender = await lookupAccount(payee, "customerId=Customer:nope");
    expect(noSender.status).toBe(404);
    expect(noSender.body.code).toBe("USER_NOT_FOUND");
  });

  it("refuses a malformed id, both senders at once and an inactive account with 400", async () => {
    expect((await lookupAccount("InternalAccount:x", sender())).status).toBe(400);
    const payee = await createExternalAccount(service, { customerId: bob.id });
    const both = await lookupAccount(
      payee,
      `${sender()}&senderUmaAddress=${encodeURIComponent(bob.umaAddress)}`,
    );
    expect(both.status).toBe(400);
    const inactive = await createExternalAccount(service, { customerId: bob.id, status: "INACTIVE" });
    const refused = await lookupAccount(inactive, sender());
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INVALID_BANK_ACCOUNT");
  });
});
