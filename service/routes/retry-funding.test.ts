import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteSchema } from "../../shared/contract";
import { quotes } from "../db/schema";
import { checkLedger } from "../test-support/ledger-invariants";
import {
  balanceOf,
  configurePlatform,
  createCustomer,
  fund,
  getJson,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

// POST /quotes/{quoteId}/retry funds the new payment as the first was funded (api-notes §8): a payment funded just
// in time is retried just in time, with new payment instructions, never by debiting the internal account its money
// only passed through; a payment from an account is retried from that account, its balance checked.

const ADDRESS = "$success.usd@sandbox.uma.money";
/** What the sandbox's receivers ask of every sender. */
const senderCustomerInfo = { FULL_NAME: "Alice Sender" };

let service: TestService;
let alice: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  await configurePlatform(service, {
    currencies: [{ currencyCode: "USD", minAmount: 100, maxAmount: 100_000_000 }],
  });
  alice = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
});

const lookupId = async (address = ADDRESS) =>
  (await getJson(service, `/receiver/uma/${encodeURIComponent(address)}?customerId=${alice.id}`)).body
    .lookupId as string;

/** A just-in-time payment whose money fell short (FUNDING_AMOUNT_MISMATCH): FAILED, the money sent back. */
async function failedJustInTime(amount = 20_000) {
  const created = await postJson(service, "/quotes", {
    source: { customerId: alice.id, currency: "USD" },
    destination: { umaAddress: ADDRESS, currency: "USD" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: amount,
    lookupId: await lookupId(),
    senderCustomerInfo,
    immediatelyExecute: true,
  });
  expect(created.body).toMatchObject({ status: "PROCESSING" });
  const sent = await postJson(service, "/sandbox/send", {
    quoteId: created.body.quoteId,
    currencyCode: "USD",
    currencyAmount: amount - 5_000,
  });
  expect(sent.body.status).toBe("FAILED");
  return quoteSchema.parse(created.body);
}

describe("retrying a payment funded just in time", () => {
  it("makes a new just-in-time quote with new instructions, debiting no account", async () => {
    // The customer's USD account holds money meant for something else: the retry must not touch it.
    await fund(service, alice.accounts.USD, 1_000_000);
    const failed = await failedJustInTime();
    const before = await balanceOf(service, alice.accounts.USD);

    const retried = await postJson(service, `/quotes/${failed.quoteId}/retry`, {
      lookupId: await lookupId(),
      senderCustomerInfo,
    });
    expect(retried.status).toBe(201);
    const quote = quoteSchema.parse(retried.body);
    expect(quote).toMatchObject({
      originalQuoteId: failed.quoteId,
      totalReceivingAmount: failed.totalReceivingAmount,
      source: { sourceType: "REALTIME_FUNDING", customerId: alice.id, currency: "USD" },
      // Executed at once, it waits for its money.
      status: "PROCESSING",
    });
    const [instruction] = quote.paymentInstructions ?? [];
    expect(instruction).toMatchObject({
      reference: expect.stringMatching(/^RTF-/),
      bankAccountInfo: expect.objectContaining({ accountType: "US_ACCOUNT" }),
    });
    expect(instruction?.reference).not.toBe(failed.paymentInstructions?.[0]?.reference);
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
    const payment = (await getJson(service, `/transactions/${quote.transactionId}`)).body;
    expect(payment).toMatchObject({ status: "PENDING", originalTransactionId: failed.transactionId });

    // The money arrives by the new instructions: the retry is paid, and still nothing left the account.
    const sent = await postJson(service, "/sandbox/send", {
      quoteId: quote.quoteId,
      currencyCode: "USD",
      currencyAmount: quote.totalSendingAmount,
    });
    expect(sent.status).toBe(200);
    expect((await getJson(service, `/transactions/${quote.transactionId}`)).body.status).toBe("COMPLETED");
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
    expect((await checkLedger(service.context.db)).violations).toEqual([]);
  });

  it("retries for a sender whose account is empty, as the sender pays in again", async () => {
    const bare = await createCustomer(service);
    const created = await postJson(service, "/quotes", {
      source: { customerId: bare.id, currency: "USD" },
      destination: { umaAddress: ADDRESS, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 12_345,
      lookupId: (await getJson(service, `/receiver/uma/${encodeURIComponent(ADDRESS)}?customerId=${bare.id}`))
        .body.lookupId,
      senderCustomerInfo,
      immediatelyExecute: true,
    });
    await postJson(service, "/sandbox/send", {
      quoteId: created.body.quoteId,
      currencyCode: "USD",
      currencyAmount: 100,
    });
    const retried = await postJson(service, `/quotes/${created.body.quoteId}/retry`, {
      lookupId: (await getJson(service, `/receiver/uma/${encodeURIComponent(ADDRESS)}?customerId=${bare.id}`))
        .body.lookupId,
      senderCustomerInfo,
    });
    expect(retried.status).toBe(201);
    expect(retried.body.source.sourceType).toBe("REALTIME_FUNDING");
    expect(await balanceOf(service, bare.accounts.USD)).toBe(0);
  });

  it("makes one retry of concurrent ones; the others are refused and record nothing", async () => {
    const failed = await failedJustInTime(30_000);
    const before = await balanceOf(service, alice.accounts.USD);
    const answers = await Promise.all(
      [1, 2, 3].map(async () =>
        postJson(service, `/quotes/${failed.quoteId}/retry`, {
          lookupId: await lookupId(),
          senderCustomerInfo,
        }),
      ),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: "INVALID_INPUT",
        details: { retriedBy: made[0]?.body.quoteId },
      });
    }
    const retries = await service.context.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.originalQuoteId, failed.quoteId));
    expect(retries).toHaveLength(1);
    expect(await balanceOf(service, alice.accounts.USD)).toBe(before);
  });
});

describe("retrying a payment funded from an account", () => {
  it("refuses with 400 INSUFFICIENT_BALANCE when the account cannot pay it, moving and recording nothing", async () => {
    const bob = await createCustomer(service);
    await fund(service, bob.accounts.USD, 50_000);
    const address = "$fail.compliance.usd@sandbox.uma.money";
    const bobLookup = async () =>
      (await getJson(service, `/receiver/uma/${encodeURIComponent(address)}?customerId=${bob.id}`)).body
        .lookupId as string;
    const failed = (
      await postJson(service, "/quotes", {
        source: { accountId: bob.accounts.USD },
        destination: { umaAddress: address, currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 40_000,
        lookupId: await bobLookup(),
        senderCustomerInfo,
        immediatelyExecute: true,
      })
    ).body;
    expect(failed.status).toBe("FAILED");
    // The money came back; the account is then spent down below what the retry needs.
    expect(await balanceOf(service, bob.accounts.USD)).toBe(50_000);
    const out = await postJson(service, "/quotes", {
      source: { accountId: bob.accounts.USD },
      destination: { umaAddress: ADDRESS, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 30_000,
      lookupId: (await getJson(service, `/receiver/uma/${encodeURIComponent(ADDRESS)}?customerId=${bob.id}`))
        .body.lookupId,
      senderCustomerInfo,
      immediatelyExecute: true,
    });
    expect(out.body.status).toBe("COMPLETED");

    const refused = await postJson(service, `/quotes/${failed.quoteId}/retry`, {
      lookupId: await bobLookup(),
      senderCustomerInfo,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(service, bob.accounts.USD)).toBe(20_000);
    const recorded = await service.context.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.originalQuoteId, failed.quoteId));
    expect(recorded).toEqual([]);
    expect((await checkLedger(service.context.db)).violations).toEqual([]);
  });
});
