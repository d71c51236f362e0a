import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalAccountSchema, quoteSchema, transactionSchema } from "../../shared/contract";
import {
  advanceClock,
  balanceOf,
  configurePlatform,
  createCustomer,
  createExternalAccount,
  fund,
  getJson,
  platformAccountId,
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
    currencies: [{ currencyCode: "USD" }, { currencyCode: "EUR" }],
  });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

const fundPath = (id: string) => `/sandbox/internal-accounts/${id}/fund`;

describe("POST /sandbox/internal-accounts/{accountId}/fund", () => {
  it("credits at once, returns the account and sends ACCOUNT_STATUS", async () => {
    const account = alice.accounts.USD;
    await fund(service, account, 1_000);
    const { status, body } = await postJson(service, fundPath(account), { amount: 2_500 });
    expect(status).toBe(200);
    expect(internalAccountSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: account,
      customerId: alice.id,
      balance: { amount: 3_500, currency: { code: "USD", decimals: 2 } },
    });
    const webhook = await receiver.waitFor(
      (w) => w.body.type === "ACCOUNT_STATUS" && (w.body.newBalance as { amount: number }).amount === 3_500,
    );
    expect(webhook.body).toMatchObject({
      accountId: account,
      oldBalance: { amount: 1_000, currency: { code: "USD" } },
      newBalance: { amount: 3_500 },
      customerId: alice.id,
      platformCustomerId: alice.platformCustomerId,
    });
  });

  it("funds a platform account, whose event names no customer", async () => {
    const account = await platformAccountId(service, "EUR");
    const { status, body } = await postJson(service, fundPath(account), { amount: 100_000_000_000 });
    expect(status).toBe(200);
    expect(body.customerId).toBeUndefined();
    const webhook = await receiver.waitFor(
      (w) => w.body.type === "ACCOUNT_STATUS" && w.body.accountId === account,
    );
    expect(webhook.body.customerId).toBeUndefined();
  });

  const invalid: [string, unknown][] = [
    ["a zero amount", { amount: 0 }],
    ["an amount above 100000000000", { amount: 100_000_000_001 }],
    ["a missing amount", {}],
    ["a fractional amount", { amount: 1.5 }],
    ["an unknown field", { amount: 1, memo: "x" }],
  ];
  for (const [label, body] of invalid) {
    it(`refuses ${label} with 400 INVALID_INPUT`, async () => {
      const response = await postJson(service, fundPath(alice.accounts.USD), body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("INVALID_INPUT");
    });
  }

  it("answers an unknown account with 404 ACCOUNT_NOT_FOUND", async () => {
    const { status, body } = await postJson(service, fundPath("InternalAccount:nope"), { amount: 1 });
    expect(status).toBe(404);
    expect(body.code).toBe("ACCOUNT_NOT_FOUND");
  });

  it("refuses a deleted customer's account with 410 CUSTOMER_DELETED: money put there could never leave", async () => {
    const gone = await createCustomer(service);
    expect((await service.api(`/customers/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    const { status, body } = await postJson(service, fundPath(gone.accounts.USD), { amount: 5_000 });
    expect(status).toBe(410);
    expect(body.code).toBe("CUSTOMER_DELETED");
    expect(await balanceOf(service, gone.accounts.USD)).toBe(0);
  });

  it("refuses the account of a customer whose KYC was not approved with 403 USER_NOT_READY", async () => {
    const rejected = await createCustomer(service, { kycStatus: "REJECTED" });
    const { status, body } = await postJson(service, fundPath(rejected.accounts.USD), { amount: 5_000 });
    expect(status).toBe(403);
    expect(body.code).toBe("USER_NOT_READY");
    expect(await balanceOf(service, rejected.accounts.USD)).toBe(0);
  });

  it("refuses a wrong credential with 401 and a production credential with 403", async () => {
    const wrong = await service.api(fundPath(alice.accounts.USD), {
      method: "POST",
      headers: { authorization: "Basic eDp5" },
      json: { amount: 1 },
    });
    expect(wrong.status).toBe(401);
    const production = `Basic ${Buffer.from("prod_token:prod_secret_0123456789").toString("base64")}`;
    const refused = await service.api(fundPath(alice.accounts.USD), {
      method: "POST",
      headers: { authorization: production },
      json: { amount: 1 },
    });
    expect(refused.status).toBe(403);
  });
});

describe("POST /sandbox/send", () => {
  async function quote(extra: Record<string, unknown> = {}) {
    const { body } = await postJson(service, "/quotes", {
      source: { accountId: alice.accounts.USD },
      destination: { accountId: bob.accounts.EUR, currency: "EUR" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 5_000,
      ...extra,
    });
    return body;
  }

  it("treats the quote's funds as received, pays it and returns the OUTGOING transaction", async () => {
    const aliceBefore = await balanceOf(service, alice.accounts.USD);
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const q = await quote();
    const { status, body } = await postJson(service, "/sandbox/send", {
      quoteId: q.quoteId,
      currencyCode: "USD",
    });
    expect(status).toBe(200);
    expect(transactionSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: q.transactionId,
      type: "OUTGOING",
      status: "COMPLETED",
      quoteId: q.quoteId,
      sentAmount: { amount: 5_000 },
      fees: q.feesIncluded,
      exchangeRate: q.exchangeRate,
    });
    expect(await balanceOf(service, alice.accounts.USD)).toBe(aliceBefore);
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + q.totalReceivingAmount);
    expect((await getJson(service, `/quotes/${q.quoteId}`)).body.status).toBe("COMPLETED");
    await receiver.waitFor(
      (w) =>
        w.body.type === "OUTGOING_PAYMENT" &&
        (w.body.transaction as { id: string; status: string }).id === q.transactionId &&
        (w.body.transaction as { status: string }).status === "COMPLETED",
    );
  });

  it("accepts the exact amount and fails a different one with FUNDING_AMOUNT_MISMATCH", async () => {
    const exact = await quote();
    const ok = await postJson(service, "/sandbox/send", {
      quoteId: exact.quoteId,
      currencyCode: "USD",
      currencyAmount: 5_000,
    });
    expect(ok.body.status).toBe("COMPLETED");
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const short = await quote();
    const { status, body } = await postJson(service, "/sandbox/send", {
      quoteId: short.quoteId,
      currencyCode: "USD",
      currencyAmount: 4_999,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "FAILED", failureReason: "FUNDING_AMOUNT_MISMATCH" });
    expect((await getJson(service, `/quotes/${short.quoteId}`)).body.status).toBe("FAILED");
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore);
  });

  it("refuses another currency than the quote's with 400 INVALID_CURRENCY", async () => {
    const q = await quote();
    const { status, body } = await postJson(service, "/sandbox/send", {
      quoteId: q.quoteId,
      currencyCode: "EUR",
    });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_CURRENCY");
  });

  it("answers an unknown quote with 404 and a paid or expired one with 409", async () => {
    const unknown = await postJson(service, "/sandbox/send", { quoteId: "Quote:nope", currencyCode: "USD" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("QUOTE_NOT_FOUND");
    const paid = await quote();
    await postJson(service, "/sandbox/send", { quoteId: paid.quoteId, currencyCode: "USD" });
    const again = await postJson(service, "/sandbox/send", { quoteId: paid.quoteId, currencyCode: "USD" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("QUOTE_NOT_PENDING");
    const late = await quote();
    await advanceClock(service, 301);
    const expired = await postJson(service, "/sandbox/send", { quoteId: late.quoteId, currencyCode: "USD" });
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe("QUOTE_EXPIRED");
  });

  it("gives a quote funded from a bank account payment instructions, and pays it from outside", async () => {
    const bank = await createExternalAccount(service, { customerId: alice.id });
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const q = await quote({ source: { accountId: bank } });
    expect(quoteSchema.safeParse(q).success).toBe(true);
    expect(q.paymentInstructions).toEqual([
      expect.objectContaining({ accountType: "US_ACCOUNT", referenceCode: expect.any(String) }),
    ]);
    expect(q.paymentInstructions[0].accountCategory).toBe("CHECKING");
    const { body } = await postJson(service, "/sandbox/send", { quoteId: q.quoteId, currencyCode: "USD" });
    expect(body.status).toBe("COMPLETED");
    // One object (api-notes §8): the quote's collection account, its reference code as the reference.
    const { referenceCode, accountType, accountNumber, routingNumber } = q.paymentInstructions[0];
    expect(transactionSchema.parse(body).paymentInstructions).toEqual({
      reference: referenceCode,
      instructionsNotes: expect.any(String),
      bankAccountInfo: expect.objectContaining({ accountType, accountNumber, routingNumber }),
    });
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + q.totalReceivingAmount);
  });

  it("executed without the money sent, pulls it from the bank account, whose bank may refuse it as transfer-in's does", async () => {
    const bobBefore = await balanceOf(service, bob.accounts.EUR);
    const refusing = await createExternalAccount(service, { customerId: alice.id, suffix: "002" });
    const refused = await quote({ source: { accountId: refusing }, immediatelyExecute: true });
    expect(refused.status).toBe("FAILED");
    const payment = (await getJson(service, `/transactions/${refused.transactionId}`)).body;
    expect(payment).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore);
    const paying = await createExternalAccount(service, { customerId: alice.id, suffix: "001" });
    const paid = await quote({ source: { accountId: paying }, immediatelyExecute: true });
    expect(paid.status).toBe("COMPLETED");
    expect(await balanceOf(service, bob.accounts.EUR)).toBe(bobBefore + paid.totalReceivingAmount);
  });

  it("says in a sandbox send's answer where the money was sent, for a quote on an internal account too", async () => {
    const q = await quote();
    expect(q.paymentInstructions).toBeUndefined();
    const { body } = await postJson(service, "/sandbox/send", { quoteId: q.quoteId, currencyCode: "USD" });
    expect(transactionSchema.parse(body).paymentInstructions).toEqual({
      reference: expect.stringMatching(/^QTE-/),
      instructionsNotes: expect.any(String),
      bankAccountInfo: expect.objectContaining({ accountType: "US_ACCOUNT", accountCategory: "CHECKING" }),
    });
  });

  it("refuses malformed bodies with 400", async () => {
    expect((await postJson(service, "/sandbox/send", { currencyCode: "USD" })).status).toBe(400);
    expect((await postJson(service, "/sandbox/send", { quoteId: "nope", currencyCode: "USD" })).status).toBe(
      400,
    );
    const q = await quote();
    expect(
      (
        await postJson(service, "/sandbox/send", {
          quoteId: q.quoteId,
          currencyCode: "USD",
          currencyAmount: 0,
        })
      ).status,
    ).toBe(400);
  });
});

// Last in the file: it moves the clock for every test after it.
describe("the service's clock in its answers", () => {
  it("dates every answer on the service's clock, so a client sees how far a moved clock is ahead", async () => {
    const dateOf = async () => {
      const response = await service.api("/config");
      expect(response.status).toBe(200);
      return Date.parse(response.headers.get("date") ?? "");
    };
    const before = await dateOf();
    // Earlier tests moved the clock too: the header follows the service's clock, not real time.
    const offset = service.context.clock.offset;
    expect(offset).toBeGreaterThan(0);
    expect(Math.abs(before - (Date.now() + offset))).toBeLessThan(2_000);
    await advanceClock(service, 3_600);
    const after = await dateOf();
    // Whole seconds in the header, and time passes between the two readings.
    expect(Math.abs(after - (Date.now() + offset + 3_600_000))).toBeLessThan(2_000);
  });
});
