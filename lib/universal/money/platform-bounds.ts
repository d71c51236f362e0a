import { formatMinorUnits } from "./format";

/** A currency as the platform's configuration bounds it (supportedCurrencies[]), in the currency's smallest units. */
interface Bounded {
  currencyCode: string;
  minAmount: number;
  maxAmount: number;
}

/**
 * The platform's bounds for `currency` as a person reads them ("$1.00 to $10,000,000.00") when `minor` lies outside
 * them, else null (inside, or a currency the configuration does not bound). What a form says under its amount
 * before sending something the payment API would refuse with AMOUNT_OUT_OF_RANGE.
 */
export function outsidePlatformBounds(
  supported: readonly Bounded[] | undefined,
  currency: { code: string; decimals: number },
  minor: number,
): string | null {
  const bounds = supported?.find((entry) => entry.currencyCode === currency.code);
  if (!bounds || (minor >= bounds.minAmount && minor <= bounds.maxAmount)) return null;
  return `${formatMinorUnits(bounds.minAmount, currency)} to ${formatMinorUnits(bounds.maxAmount, currency)}`;
}
