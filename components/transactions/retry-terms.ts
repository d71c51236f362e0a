import { isRealTimeFunded } from "@/lib/client/api/quotes";
import type { Quote, Transaction } from "@/shared/contract";

type Amount = { amount: number; currency: { code: string; decimals: number } };

/** What a retry will do, as the dialog states it; `amounts` is null while (or when) the original quote is unknown. */
export type RetryTerms = {
  /** What the new payment delivers (the original quote's totalReceivingAmount, locked) and about what it costs
   * (the original quote's totalSendingAmount; the retry's rate is quoted again when it is made). */
  amounts: { delivers: Amount; costs: Amount } | null;
  /**
   * How the retry is funded, as the original was (the service's retry keeps it): "account", debited from
   * `accountId`; "just-in-time", the sender pays in again by the new quote's own payment instructions and no account
   * is debited; null while the original quote is unknown.
   */
  funding: "account" | "just-in-time" | null;
  /** The account the retry debits: the one the failed payment came from; none for a just-in-time payment. */
  accountId: string | undefined;
};

/**
 * The terms of retrying `transaction` (POST /quotes/{quoteId}/retry): the service pays the same recipient the
 * original quote's receiving amount again, locked on the receiving side, funded as the original quote was: from the
 * same source account, or just in time. Read from the original quote, never from the failed payment's own amounts (a
 * payment that failed before anything moved may state none, or what arrived instead of what it was for), nor from
 * its source account (a just-in-time payment's money only passed through its sender's account).
 */
export function retryTerms(transaction: Transaction, quote: Quote | undefined): RetryTerms {
  const known = quote && quote.quoteId === transaction.quoteId ? quote : undefined;
  const funding = known ? (isRealTimeFunded(known) ? "just-in-time" : "account") : null;
  const accountId = (transaction.source as { accountId?: unknown } | undefined)?.accountId;
  return {
    amounts: known
      ? {
          delivers: { amount: known.totalReceivingAmount, currency: known.receivingCurrency },
          costs: { amount: known.totalSendingAmount, currency: known.sendingCurrency },
        }
      : null,
    funding,
    accountId:
      funding !== "just-in-time" && typeof accountId === "string" && accountId !== "" ? accountId : undefined,
  };
}
