import { currencyDecimals, MAX_MINOR_AMOUNT } from "../../shared/contract";
import { ApiError } from "../errors";
import { formatMinor } from "./payment-accounts";

/**
 * The sandbox's rate table: units of each currency per one US dollar (mid rates, fixed so that amounts in tests
 * and demos are reproducible). A rate between two currencies is the ratio of their entries; there is no spread,
 * the service earns only its fees.
 */
export const SANDBOX_UNITS_PER_USD: Readonly<Record<string, string>> = {
  USD: "1",
  EUR: "0.92",
  GBP: "0.79",
  CAD: "1.36",
  MXN: "17.20",
  BRL: "5.00",
  INR: "83.00",
  JPY: "150",
  PHP: "56.00",
  NGN: "1500",
  KES: "129.00",
  COP: "3900",
};

/**
 * The sandbox's fee schedule: for an outgoing payment, a fixed fee per sending currency in its minor units plus a
 * variable fee of VARIABLE_FEE_BPS basis points of totalSendingAmount; for an incoming one, a variable fee of
 * INCOMING_VARIABLE_FEE_BPS basis points of the amount the sender sends. Each part is rounded half-up to the minor
 * unit. The reference requires a variable fee rate strictly greater than 0 in every rate details object (api-notes
 * §8), so every direction has one.
 */
const SANDBOX_FIXED_FEES: Readonly<Record<string, number>> = {
  USD: 10,
  EUR: 10,
  GBP: 10,
  CAD: 15,
  MXN: 200,
  BRL: 50,
  INR: 800,
  JPY: 15,
  PHP: 550,
  NGN: 15_000,
  KES: 1_300,
  COP: 40_000,
};
export const VARIABLE_FEE_BPS = 30;
const INCOMING_VARIABLE_FEE_BPS = 10;

/** Significant digits kept in a stored rate; the stored decimal is the exact rate every amount is computed with. */
const RATE_SIGNIFICANT_DIGITS = 12;

/** An exact decimal: mantissa × 10^-scale. */
export interface DecimalRate {
  mantissa: bigint;
  scale: number;
}

export function isQuotableCurrency(code: string): boolean {
  return code in SANDBOX_UNITS_PER_USD && currencyDecimals(code) !== undefined;
}

function parseDecimal(value: string): DecimalRate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match?.[1]) throw new Error(`not a decimal: ${value}`);
  const fraction = match[2] ?? "";
  return { mantissa: BigInt(match[1] + fraction), scale: fraction.length };
}

export function formatDecimal(rate: DecimalRate): string {
  const digits = rate.mantissa.toString().padStart(rate.scale + 1, "0");
  if (rate.scale === 0) return digits;
  const whole = digits.slice(0, digits.length - rate.scale);
  const fraction = digits.slice(digits.length - rate.scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

export function decimalFromString(value: string): DecimalRate {
  return parseDecimal(value);
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Rounds a non-negative fraction half-up (ties away from zero) to an integer. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new Error("roundHalfUp takes a non-negative fraction");
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A positive fraction rounded half-up to RATE_SIGNIFICANT_DIGITS significant digits, as an exact decimal. */
function quantize(numerator: bigint, denominator: bigint): DecimalRate {
  let scale = 0;
  while (numerator * pow10(scale) < pow10(RATE_SIGNIFICANT_DIGITS - 1) * denominator) scale++;
  let mantissa = roundHalfUp(numerator * pow10(scale), denominator);
  // Trailing zeros say nothing; dropping them keeps the stored string short.
  while (scale > 0 && mantissa % 10n === 0n) {
    mantissa /= 10n;
    scale--;
  }
  return { mantissa, scale };
}

/** Sending-currency major units per one receiving-currency major unit, as the stored exact decimal. */
export function exchangeRate(sendingCurrency: string, receivingCurrency: string): DecimalRate {
  const sending = SANDBOX_UNITS_PER_USD[sendingCurrency];
  const receiving = SANDBOX_UNITS_PER_USD[receivingCurrency];
  if (sending === undefined || receiving === undefined) {
    throw new ApiError(
      400,
      "INVALID_CURRENCY",
      `No rate between ${sendingCurrency} and ${receivingCurrency} in the sandbox.`,
    );
  }
  if (sendingCurrency === receivingCurrency) return { mantissa: 1n, scale: 0 };
  const s = parseDecimal(sending);
  const r = parseDecimal(receiving);
  // (s.m / 10^s.scale) / (r.m / 10^r.scale)
  return quantize(s.mantissa * pow10(r.scale), r.mantissa * pow10(s.scale));
}

export function rateAsNumber(rate: DecimalRate): number {
  return Number(formatDecimal(rate));
}

function decimalsOf(code: string): number {
  const decimals = currencyDecimals(code);
  if (decimals === undefined) throw new ApiError(400, "INVALID_CURRENCY", `${code} is not a currency.`);
  return decimals;
}

/** Receiving minor units bought by `sendingMinor` at `rate`, rounded half-up. */
function convertToReceiving(
  sendingMinor: bigint,
  rate: DecimalRate,
  sendingCurrency: string,
  receivingCurrency: string,
): bigint {
  // R / 10^dR = (S / 10^dS) / (m / 10^k)  →  R = S · 10^dR · 10^k / (m · 10^dS)
  const dS = decimalsOf(sendingCurrency);
  const dR = decimalsOf(receivingCurrency);
  return roundHalfUp(sendingMinor * pow10(dR + rate.scale), rate.mantissa * pow10(dS));
}

/** Sending minor units that buy `receivingMinor` at `rate`, rounded half-up. */
function convertToSending(
  receivingMinor: bigint,
  rate: DecimalRate,
  sendingCurrency: string,
  receivingCurrency: string,
): bigint {
  const dS = decimalsOf(sendingCurrency);
  const dR = decimalsOf(receivingCurrency);
  return roundHalfUp(receivingMinor * rate.mantissa * pow10(dS), pow10(dR + rate.scale));
}

export function fixedFee(sendingCurrency: string): bigint {
  return BigInt(SANDBOX_FIXED_FEES[sendingCurrency] ?? 0);
}

export function variableFee(totalSending: bigint, bps: number = VARIABLE_FEE_BPS): bigint {
  return roundHalfUp(totalSending * BigInt(bps), 10_000n);
}

export interface QuoteAmounts {
  totalSendingAmount: number;
  totalReceivingAmount: number;
  feesIncluded: number;
  /** Decimal string, sending major units per receiving major unit. */
  exchangeRate: string;
  rateDetails: {
    counterpartyMultiplier: number;
    counterpartyFixedFee: number;
    serviceApiMultiplier: number;
    serviceApiFixedFee: number;
    serviceApiVariableFeeRate: number;
    serviceApiVariableFeeAmount: number;
  };
}

const tooSmall = (message: string) => new ApiError(400, "AMOUNT_OUT_OF_RANGE", message);

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(MAX_MINOR_AMOUNT)) {
    throw new ApiError(
      400,
      "AMOUNT_OUT_OF_RANGE",
      `The ${what} would exceed ${MAX_MINOR_AMOUNT.toLocaleString("en-US")} minor units.`,
    );
  }
  return Number(value);
}

/**
 * Both sides of a quote (api-notes §6), in integer arithmetic:
 * - fees = fixed fee + round(VARIABLE_FEE_BPS × totalSendingAmount / 10000), inside totalSendingAmount;
 * - SENDING lock: totalSendingAmount = locked amount, totalReceivingAmount = round((total − fees) / rate);
 * - RECEIVING lock: totalReceivingAmount = locked amount, the net sending amount = round(locked × rate), and
 *   totalSendingAmount is the smallest total whose fees leave exactly that net amount.
 * Every rounding is half-up to the minor unit, so (total − fees) / rate differs from totalReceivingAmount by at
 * most half a minor unit of the currency that was rounded.
 */
export function computeQuoteAmounts(input: {
  sendingCurrency: string;
  receivingCurrency: string;
  lockedCurrencySide: "SENDING" | "RECEIVING";
  lockedCurrencyAmount: number;
}): QuoteAmounts {
  const { sendingCurrency, receivingCurrency } = input;
  const rate = exchangeRate(sendingCurrency, receivingCurrency);
  const fixed = fixedFee(sendingCurrency);
  const locked = BigInt(input.lockedCurrencyAmount);
  let total: bigint;
  let net: bigint;
  let receiving: bigint;
  if (input.lockedCurrencySide === "SENDING") {
    total = locked;
    const fees = fixed + variableFee(total);
    if (fees >= total)
      throw tooSmall(
        `The amount does not cover the fees of ${formatMinor(Number(fees), sendingCurrency)}: send more than that.`,
      );
    net = total - fees;
    receiving = convertToReceiving(net, rate, sendingCurrency, receivingCurrency);
    if (receiving === 0n)
      throw tooSmall("The amount is too small to buy one minor unit of the receiving currency.");
  } else {
    receiving = locked;
    net = convertToSending(receiving, rate, sendingCurrency, receivingCurrency);
    if (net === 0n) throw tooSmall("The amount is too small to cost one minor unit of the sending currency.");
    total = smallestTotalLeaving(net + fixed);
  }
  const fees = total - net;
  const variable = fees - fixed;
  const dS = decimalsOf(sendingCurrency);
  const dR = decimalsOf(receivingCurrency);
  return {
    totalSendingAmount: toSafeNumber(total, "total sending amount"),
    totalReceivingAmount: toSafeNumber(receiving, "total receiving amount"),
    feesIncluded: Number(fees),
    exchangeRate: formatDecimal(rate),
    rateDetails: {
      // The sandbox's counterparty converts nothing and charges nothing.
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      // As in UMA, a multiplier is sending minor units per receiving minor unit.
      serviceApiMultiplier: rateAsNumber(rate) * 10 ** (dS - dR),
      serviceApiFixedFee: Number(fixed),
      serviceApiVariableFeeRate: VARIABLE_FEE_BPS / 10_000,
      serviceApiVariableFeeAmount: Number(variable),
    },
  };
}

/**
 * The smallest total T with T − variableFee(T) = target. T − variableFee(T) never decreases and grows by at most
 * one per step (the fee rate is below 100%), so such a T exists and a short walk from an estimate finds it.
 */
function smallestTotalLeaving(target: bigint, bps: number = VARIABLE_FEE_BPS): bigint {
  let total = (target * 10_000n) / (10_000n - BigInt(bps));
  total = total > 2n ? total - 2n : 0n;
  while (total - variableFee(total, bps) < target) total++;
  return total;
}

interface IncomingAmounts {
  /** In the sender's currency, the variable fee included. */
  sentAmount: bigint;
  fees: bigint;
  exchangeRate: string;
  rateDetails: {
    serviceApiMultiplier: number;
    serviceApiFixedFee: number;
    serviceApiVariableFeeRate: number;
    serviceApiVariableFeeAmount: number;
  };
}

/**
 * An incoming payment's sides (api-notes §6, as a RECEIVING lock): the receiver gets exactly `receivedAmount`; the
 * sender sends what buys it at the rate (at least one minor unit) plus the incoming variable fee, the smallest total
 * whose fee leaves that net amount. Incoming rate details leave out the counterparty pair (spec).
 */
export function computeIncomingAmounts(input: {
  sendingCurrency: string;
  receivingCurrency: string;
  receivedAmount: number;
}): IncomingAmounts {
  const rate = exchangeRate(input.sendingCurrency, input.receivingCurrency);
  const converted = convertToSending(
    BigInt(input.receivedAmount),
    rate,
    input.sendingCurrency,
    input.receivingCurrency,
  );
  const net = converted > 0n ? converted : 1n;
  const total = smallestTotalLeaving(net, INCOMING_VARIABLE_FEE_BPS);
  const fees = total - net;
  return {
    sentAmount: total,
    fees,
    exchangeRate: formatDecimal(rate),
    rateDetails: {
      serviceApiMultiplier: rateAsNumber(rate),
      serviceApiFixedFee: 0,
      serviceApiVariableFeeRate: INCOMING_VARIABLE_FEE_BPS / 10_000,
      serviceApiVariableFeeAmount: Number(fees),
    },
  };
}
