import { describe, expect, it } from "vitest";
import type { Quote, Transaction } from "@/shared/contract";
import { retryTerms } from "./retry-terms";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };

// A payment that failed, stating what arrived ($150.00) rather than what it was for ($200.00).
const failed = {
  id: "Transaction:1",
  status: "FAILED",
  type: "OUTGOING",
  quoteId: "Quote:1",
  customerId: "Customer:1",
  platformCustomerId: "user-9001",
  source: { sourceType: "ACCOUNT", accountId: "InternalAccount:usd", currency: "USD" },
  destination: { destinationType: "ACCOUNT", umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
  receivedAmount: { amount: 0, currency: usd },
  sentAmount: { amount: 15_000, currency: usd },
  failureReason: "FUNDING_AMOUNT_MISMATCH",
} as unknown as Transaction;

const quote = {
  quoteId: "Quote:1",
  source: { sourceType: "ACCOUNT", accountId: "InternalAccount:usd", currency: "USD" },
  sendingCurrency: usd,
  receivingCurrency: usd,
  totalSendingAmount: 20_000,
  totalReceivingAmount: 20_000,
} as unknown as Quote;

describe("retryTerms", () => {
  it("states the original quote's amounts, not the failed payment's, and the account debited", () => {
    expect(retryTerms(failed, quote)).toEqual({
      amounts: {
        delivers: { amount: 20_000, currency: usd },
        costs: { amount: 20_000, currency: usd },
      },
      funding: "account",
      accountId: "InternalAccount:usd",
    });
  });

  it("names no account for a just-in-time payment, whose money only passed through its sender's account", () => {
    const justInTime = {
      ...quote,
      source: { sourceType: "REALTIME_FUNDING", customerId: "Customer:1", currency: "USD" },
    } as Quote;
    expect(retryTerms(failed, justInTime)).toMatchObject({ funding: "just-in-time", accountId: undefined });
  });

  it("states no amount while the quote is unknown, or is another payment's", () => {
    expect(retryTerms(failed, undefined)).toMatchObject({ amounts: null, funding: null });
    expect(retryTerms(failed, { ...quote, quoteId: "Quote:2" }).amounts).toBeNull();
  });
});
