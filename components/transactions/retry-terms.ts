import type { Quote, Transaction } from "@/shared/contract";

type Amount = { amount: number; currency: { code: string; decimals: number } };

/** What a retry will do, as the dialog states it; `amounts` is null while (or when) the original quote is unknown. */
export type RetryTerms = {
  /** What the new payment delivers (the original quote's totalReceivingAmount, locked) and about what it costs
   * (the original quote's totalSendingAmount; the retry's rate is quoted again when it is made). */
  amounts: { delivers: Amount; costs: Amount } | null;
  /** The account the retry debits: the one the failed payment came from. */
  accountId: string | undefined;
};

/**
 * The terms of retrying `transaction` (POST /quotes/{quoteId}/retry): the service pays the same recipient the
 * original quote's receiving amount again, locked on the receiving side, from the same source account. Read from the
 * original quote, never from the failed payment's own amounts (a payment that failed before anything moved may
 * state none, or what arrived instead of what it was for).
 */
export function retryTerms(transaction: Transaction, quote: Quote | undefined): RetryTerms {
  const accountId = (transaction.source as { accountId?: unknown } | undefined)?.accountId;
  return {
    amounts:
      quote && quote.quoteId === transaction.quoteId
        ? {
            delivers: { amount: quote.totalReceivingAmount, currency: quote.receivingCurrency },
            costs: { amount: quote.totalSendingAmount, currency: quote.sendingCurrency },
          }
        : null,
    accountId: typeof accountId === "string" && accountId !== "" ? accountId : undefined,
  };
}
