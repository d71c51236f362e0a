import { groupDigits } from "./count";

/**
 * Numbers as Intl.NumberFormat writes them in en-US (grouped by thousands, never in exponent form, trailing zeros of
 * the fraction dropped), written out rather than asked of Intl: the first NumberFormat a page makes loads the
 * browser's number data, about 100 ms of a 4x-throttled page (the quotes list's rates, a payment's fee rate). Like
 * Intl, they round the number's shortest decimal form (what `String(value)` writes), half away from zero.
 * decimal.test.ts compares them with Intl over every kind of double.
 */

/** A number's shortest decimal form: its digits without leading zeros, and where the decimal point falls in them. */
type Decimal = { sign: string; digits: string; point: number };

function decimalOf(value: number): Decimal {
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const [mantissa = "0", exponent = "0"] = String(Math.abs(value)).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const all = whole + fraction;
  const digits = all.replace(/^0+/, "");
  return { sign, digits, point: whole.length + Number(exponent) - (all.length - digits.length) };
}

/** Keeps the first `kept` digits, rounding half away from zero (a carry may add a digit in front). */
function roundTo({ sign, digits, point }: Decimal, kept: number): Decimal {
  if (digits.length <= kept) return { sign, digits, point };
  if (kept < 0) return { sign, digits: "", point };
  const roundsUp = digits.charCodeAt(kept) - 48 >= 5;
  let head = digits.slice(0, kept);
  if (!roundsUp) return { sign, digits: head.replace(/^0+/, ""), point };
  const carried = (BigInt(head || "0") + 1n).toString();
  const grew = carried.length > head.length;
  head = carried;
  return { sign, digits: head, point: grew ? point + 1 : point };
}

function write({ sign, digits, point }: Decimal): string {
  if (digits === "") return `${sign}0`;
  let integer: string;
  let fraction: string;
  if (point <= 0) {
    integer = "0";
    fraction = "0".repeat(-point) + digits;
  } else if (point >= digits.length) {
    integer = digits + "0".repeat(point - digits.length);
    fraction = "";
  } else {
    integer = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  fraction = fraction.replace(/0+$/, "");
  return `${sign}${groupDigits(integer)}${fraction ? `.${fraction}` : ""}`;
}

/** At most `significant` significant digits: `maximumSignificantDigits` (`17.23451234` → `17.2345`). */
export function formatSignificant(value: number, significant: number): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat("en-US").format(value);
  return write(roundTo(decimalOf(value), significant));
}

/** At most `fractionDigits` decimals: `maximumFractionDigits` (`1.55` → `1.6` with one). */
export function formatFraction(value: number, fractionDigits: number): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat("en-US").format(value);
  const decimal = decimalOf(value);
  return write(roundTo(decimal, decimal.point + fractionDigits));
}

/** A share as a percentage with at most `fractionDigits` decimals: `style: "percent"` (`0.00125` → `0.125%`). */
export function formatPercentage(share: number, fractionDigits: number): string {
  if (!Number.isFinite(share)) {
    return new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: fractionDigits }).format(
      share,
    );
  }
  const decimal = decimalOf(share);
  const percent = { ...decimal, point: decimal.point + 2 };
  return `${write(roundTo(percent, percent.point + fractionDigits))}%`;
}
