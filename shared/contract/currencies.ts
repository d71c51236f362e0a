import { code as isoCurrency } from "currency-codes";
import { isIsoCurrencyCode } from "./iso-4217";

export { currencyDecimals, isIsoCurrencyCode } from "./iso-4217";

export type CurrencyInfo = {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
};

const symbolCache = new Map<string, string>();

// Intl ships in every browser and Node, so symbols need no table of their own; the "en" locale keeps them apart
// (MX$ and CA$ rather than a bare $ for every dollar and peso).
function currencySymbol(code: string): string {
  const cached = symbolCache.get(code);
  if (cached !== undefined) return cached;
  let symbol = code;
  try {
    const part = new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "symbol" })
      .formatToParts(0)
      .find((p) => p.type === "currency");
    if (part) symbol = part.value;
  } catch {
    // An engine without data for this code keeps the ISO code as its symbol.
  }
  symbolCache.set(code, symbol);
  return symbol;
}

/** currency-codes' record of an ISO 4217 code; undefined for any other code. */
function isoRecord(code: string) {
  return isIsoCurrencyCode(code) ? isoCurrency(code) : undefined;
}

/**
 * The ISO 4217 name of a code ("US Dollar"), or undefined when the code is not ISO 4217. For a page that shows names
 * only: without the symbol, whose Intl.NumberFormat with the currency's data is the costly part of currencyInfo (the
 * configuration's currency table spent ~50 ms of a 4x-throttled render on the symbols of rows that never show them).
 */
export function currencyName(code: string): string | undefined {
  return isoRecord(code)?.currency;
}

/** The API's currency object for an ISO 4217 code, or undefined when the code is not ISO 4217. */
export function currencyInfo(code: string): CurrencyInfo | undefined {
  const record = isoRecord(code);
  if (!record) return undefined;
  return {
    code: record.code,
    name: record.currency,
    symbol: currencySymbol(record.code),
    decimals: record.digits,
  };
}
