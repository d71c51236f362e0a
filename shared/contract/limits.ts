/*
 * The contract's plain limits and value lists, without zod, for the pages (the schemas in this folder use and
 * re-export them).
 */

// Money: integers of minor units. 9e15 is the API's own ceiling (lockedCurrencyAmount) and stays below 2^53, so
// every amount survives JSON.parse exactly.
export const MAX_MINOR_AMOUNT = 9_000_000_000_000_000;

/** The spec asks to keep a bulk-import file under 100 MB. */
export const BULK_CSV_MAX_BYTES = 100 * 1024 * 1024;

/** The spec's ceiling for one sandbox funding. */
export const MAX_SANDBOX_FUND_AMOUNT = 100_000_000_000;

export const transactionStatuses = [
  "CREATED",
  "PENDING",
  "PROCESSING",
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
] as const;

export const quoteStatuses = ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;

export const webhookTypes = [
  "INCOMING_PAYMENT",
  "OUTGOING_PAYMENT",
  "KYC_STATUS",
  "INVITATION_CLAIMED",
  "BULK_UPLOAD",
  "ACCOUNT_STATUS",
  "TEST",
] as const;

/** An id of one of the given kinds, `Customer:<id>`: the prefix, a colon, then no spaces or control characters. */
export function idPattern(...prefixes: string[]): RegExp {
  return new RegExp(`^(?:${prefixes.join("|")}):[^\\s\\u0000-\\u001f\\u007f]+$`);
}

/** The prefixes of the API's `<Prefix>:<id>` identifiers. */
export const idPrefixes = [
  "Customer",
  "InternalAccount",
  "ExternalAccount",
  "Quote",
  "Transaction",
  "Lookup",
  "Webhook",
  "PlatformConfig",
  "Job",
] as const;

/** The sourceType of a real-time funded quote in answers (api-notes §8: source `{customerId?, currency}`). */
export const REALTIME_FUNDING_SOURCE_TYPE = "REALTIME_FUNDING";
