import type { Quote, Transaction } from "../../../shared/contract";
import { currencyDecimals } from "../../../shared/contract/iso-4217";
import { parseMajorUnits } from "../config/amounts";

/**
 * An amount range over a list: the bounds are in one currency's major units ("10.50" USD), and a record matches
 * when the amount the list shows for it is in that currency and within the bounds, both inclusive. For a
 * transaction that is its Amount column (what arrived for money received, what was sent for money sent); for a
 * quote, what it sends. The payment API has no such filter, so the console applies it (app/api/…/by-amount).
 */
export type AmountRange = { currency: string; min?: number | undefined; max?: number | undefined };

/** The URL's values, as the lists keep them: `amountCurrency`, `minAmount`, `maxAmount`. */
export type AmountRangeInput = {
  amountCurrency?: string | null | undefined;
  minAmount?: string | null | undefined;
  maxAmount?: string | null | undefined;
};

export type AmountRangeResult =
  | { ok: true; range: AmountRange | null }
  | { ok: false; errors: Partial<Record<keyof AmountRangeInput, string>> };

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === "";

/** Checks the three values together: a bound needs a currency, bounds are amounts of it, the lower not above the upper. */
export function parseAmountRange(input: AmountRangeInput): AmountRangeResult {
  const { amountCurrency, minAmount, maxAmount } = input;
  if (blank(amountCurrency)) {
    if (blank(minAmount) && blank(maxAmount)) return { ok: true, range: null };
    return { ok: false, errors: { amountCurrency: "Choose the currency the amounts are in" } };
  }
  const currency = (amountCurrency ?? "").trim().toUpperCase();
  const decimals = currencyDecimals(currency);
  if (decimals === undefined) return { ok: false, errors: { amountCurrency: "Not a currency code" } };
  const errors: Partial<Record<keyof AmountRangeInput, string>> = {};
  const bound = (key: "minAmount" | "maxAmount", text: string | null | undefined) => {
    if (blank(text)) return undefined;
    const parsed = parseMajorUnits(text ?? "", decimals, { currencyCode: currency });
    if (!parsed.ok) {
      errors[key] = parsed.error;
      return undefined;
    }
    return parsed.minor;
  };
  const min = bound("minAmount", minAmount);
  const max = bound("maxAmount", maxAmount);
  if (min !== undefined && max !== undefined && min > max) {
    errors.maxAmount = "The upper bound is below the lower one; nothing can match";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, range: { currency, min, max } };
}

function within(
  range: AmountRange,
  amount: { amount: number; currency: { code: string } } | undefined,
): boolean {
  if (!amount || amount.currency.code !== range.currency) return false;
  return (
    (range.min === undefined || amount.amount >= range.min) &&
    (range.max === undefined || amount.amount <= range.max)
  );
}

/** The transaction's listed amount: what arrived for money received, what was sent for money sent. */
export function transactionInRange(range: AmountRange, transaction: Transaction): boolean {
  return within(range, transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount);
}

/** The quote's sending amount, in its sending currency. */
export function quoteInRange(range: AmountRange, quote: Quote): boolean {
  return within(range, { amount: quote.totalSendingAmount, currency: quote.sendingCurrency });
}
