import { MAX_MINOR_AMOUNT } from "../../../shared/contract/limits";
import { formatMinorUnits, minorUnitsToDecimalString } from "../money/format";

export type MajorUnitsParseResult = { ok: true; minor: number } | { ok: false; error: string };

export type ParseMajorUnitsOptions = {
  /** The smallest acceptable amount in minor units; 0 for a configured lower bound, 1 for a payment. */
  min?: number;
  /** The largest acceptable amount in minor units. */
  max?: number;
  /** Shown in messages: "USD has 2 decimal places". */
  currencyCode?: string;
};

// Digits with optional thousands separators (commas, spaces, underscores between groups of three), an optional
// decimal point and fraction. Only the comma-free "1234.5" and the grouped "1,234.5" shapes are accepted, so a
// European "1.234,50" is refused rather than read as 1.234.
const GROUPED = /^\d{1,3}(?:[, _]\d{3})+(?:\.\d*)?$/;
const PLAIN = /^\d+(?:\.\d*)?$|^\.\d+$/;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** A limit as money is written ("$10,000,000.00", "1,000,000.00" without a currency), never bare digits. */
function shownLimit(minor: number | bigint, decimals: number, code: string | undefined): string {
  if (code !== undefined) return formatMinorUnits(BigInt(minor), { code, decimals });
  const [integer = "0", fraction] = minorUnitsToDecimalString(minor, decimals).split(".");
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction === undefined ? "" : `.${fraction}`}`;
}

/**
 * Reads an amount typed in major units ("1,234.56") as an exact integer of minor units for a currency with
 * `decimals` decimal places. String and BigInt arithmetic only: "0.29" is 29 cents, never 28.999….
 */
export function parseMajorUnits(
  text: string,
  decimals: number,
  options: ParseMajorUnitsOptions = {},
): MajorUnitsParseResult {
  const { min = 0, max = MAX_MINOR_AMOUNT, currencyCode } = options;
  const value = text.trim();
  if (value === "") return { ok: false, error: "Enter an amount" };
  if (value.startsWith("-")) return { ok: false, error: "Cannot be negative" };
  if (!GROUPED.test(value) && !PLAIN.test(value)) {
    return { ok: false, error: "Enter a number like 1234.56" };
  }
  const normalised = value.replace(/[, _]/g, "");
  const [integerPart = "", fractionPart = ""] = normalised.split(".");
  if (fractionPart.length > decimals) {
    const who = currencyCode ?? "This currency";
    return {
      ok: false,
      error:
        decimals === 0
          ? `${who} has no decimal places; enter a whole number`
          : `${who} has ${plural(decimals, "decimal place")}`,
    };
  }
  const digits = `${integerPart}${fractionPart.padEnd(decimals, "0")}`.replace(/^0+(?=\d)/, "");
  const minor = BigInt(digits === "" ? "0" : digits);
  if (minor > BigInt(max))
    return { ok: false, error: `Must be at most ${shownLimit(max, decimals, currencyCode)}` };
  if (minor < BigInt(min)) {
    return {
      ok: false,
      error:
        min === 1 ? "Must be greater than 0" : `Must be at least ${shownLimit(min, decimals, currencyCode)}`,
    };
  }
  return { ok: true, minor: Number(minor) };
}

/**
 * An amount of minor units as a person types it in major units: 150000 with 2 decimals is "1500.00"; the form shows
 * every decimal place, so what is saved is what was on screen.
 */
export function minorToMajorInput(minor: number, decimals: number): string {
  return minorUnitsToDecimalString(minor, decimals);
}
