import { groupDigits } from "../intl/count";
import symbols from "../intl/display-names/currency-symbols.json";

/**
 * Minor units → text a person reads. Amounts are integers of minor units (cents, yen, fils); dividing by 10^d in
 * floating point misprints large or many-decimal amounts, so the decimal point is placed in the digit string and
 * Intl formats that string exactly (Intl.NumberFormat v3 treats string input as an exact decimal).
 */

export type MinorUnitCurrency = { code: string; decimals: number };

/** A plain decimal numeral such as `-1234.56`, the form Intl.NumberFormat formats without rounding through a float. */
export type DecimalString = `${number}`;

export type FormatMinorUnitsOptions = {
  /** `exceptZero` shows `+` on credits, as ledgers do. */
  signDisplay?: "auto" | "always" | "exceptZero" | "negative" | "never";
  /** `code` prints `USD 1.00`, unambiguous where several currencies share a symbol. */
  currencyDisplay?: "symbol" | "narrowSymbol" | "code" | "name";
};

// A fixed default keeps server-rendered and hydrated text identical whatever locale each side runs in.
const DEFAULT_MONEY_LOCALE = "en-US";

// Intl's upper bound on fraction digits.
const MAX_DECIMALS = 100;

function toBigInt(amount: number | bigint): bigint {
  if (typeof amount === "bigint") return amount;
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Expected a safe integer of minor units, got ${amount}`);
  }
  return BigInt(amount);
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`Currency decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

/**
 * The exact decimal string of an amount of minor units: `(123456, 2)` → `"1234.56"`, `(-5, 3)` → `"-0.005"`,
 * `(100, 0)` → `"100"`. No grouping, `.` as the separator: the form inputs and Intl accept.
 */
export function minorUnitsToDecimalString(amount: number | bigint, decimals: number): DecimalString {
  checkDecimals(decimals);
  const value = toBigInt(amount);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  const sign = negative ? "-" : "";
  if (decimals === 0) return `${sign}${digits}` as DecimalString;
  const padded = digits.padStart(decimals + 1, "0");
  const integer = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals);
  // Built from decimal digits only, so it is a numeric literal; the type lets Intl take it as one.
  return `${sign}${integer}.${fraction}` as DecimalString;
}

const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(
  locale: string,
  currency: MinorUnitCurrency,
  options: FormatMinorUnitsOptions,
): Intl.NumberFormat | null {
  const key = [locale, currency.code, currency.decimals, options.signDisplay, options.currencyDisplay].join(
    "|",
  );
  const cached = formatters.get(key);
  if (cached !== undefined) return cached;
  let formatter: Intl.NumberFormat | null;
  try {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.code,
      currencyDisplay: options.currencyDisplay ?? "symbol",
      signDisplay: options.signDisplay ?? "auto",
      // The API's decimals win over Intl's table: it is what the amount was counted in.
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
    });
  } catch {
    // Intl accepts only three-letter codes; the API also quotes other units (e.g. USDC).
    formatter = null;
  }
  formatters.set(key, formatter);
  return formatter;
}

function decimalFormatter(
  locale: string,
  decimals: number,
  options: FormatMinorUnitsOptions,
): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, {
    signDisplay: options.signDisplay ?? "auto",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

// What stands before an amount in each ISO 4217 currency in en-US (`$`, `CA$`, `CHF` and a no-break space), written
// by scripts/generate-display-names.ts from ICU.
const SYMBOLS: Readonly<Record<string, string>> = symbols;

/** The sign en-US writes before an amount, as Intl's `signDisplay` says. */
function signOf(negative: boolean, zero: boolean, display: FormatMinorUnitsOptions["signDisplay"]): string {
  switch (display ?? "auto") {
    case "always":
      return negative ? "-" : "+";
    case "exceptZero":
      return zero ? "" : negative ? "-" : "+";
    case "never":
      return "";
    default:
      return negative ? "-" : "";
  }
}

/**
 * The console's own money text (en-US, by symbol or by code) for an ISO 4217 currency, the same as Intl prints it
 * (lib/universal/money/format.test.ts compares them over every currency): without Intl, so the server and every
 * browser print the same characters whatever ICU each carries, and a list of amounts does not pay for building a
 * NumberFormat per currency (the largest single cost of a 4x-throttled list's first render). Undefined where it does
 * not apply (another locale or display, a code outside ISO 4217).
 */
function consoleMoneyText(
  decimal: DecimalString,
  code: string,
  locale: string,
  options: FormatMinorUnitsOptions,
): string | undefined {
  const display = options.currencyDisplay ?? "symbol";
  if (locale !== DEFAULT_MONEY_LOCALE || (display !== "symbol" && display !== "code")) return undefined;
  if (!Object.hasOwn(SYMBOLS, code)) return undefined;
  const negative = decimal.startsWith("-");
  const digits = negative ? decimal.slice(1) : decimal;
  const [integer = "0", fraction] = digits.split(".");
  const zero = !/[1-9]/.test(digits);
  const prefix = display === "code" ? `${code}\u00a0` : SYMBOLS[code];
  return `${signOf(negative, zero, options.signDisplay)}${prefix}${groupDigits(integer)}${fraction === undefined ? "" : `.${fraction}`}`;
}

/**
 * Formats an integer of minor units in its currency, e.g. `(123456, {code: "USD", decimals: 2})` → `$1,234.56`.
 * A code Intl does not accept is printed after the number (`1,000.00 USDC`).
 */
export function formatMinorUnits(
  amount: number | bigint,
  currency: MinorUnitCurrency,
  locale: string = DEFAULT_MONEY_LOCALE,
  options: FormatMinorUnitsOptions = {},
): string {
  const decimal = minorUnitsToDecimalString(amount, currency.decimals);
  const own = consoleMoneyText(decimal, currency.code, locale, options);
  if (own !== undefined) return own;
  const formatter = currencyFormatter(locale, currency, options);
  if (formatter) return formatter.format(decimal);
  const number = decimalFormatter(locale, currency.decimals, options).format(decimal);
  return `${number}\u00a0${currency.code}`;
}
