import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDecimals } from "../../shared/contract";
import { ApiError } from "../errors";
import {
  computeQuoteAmounts,
  decimalFromString,
  exchangeRate,
  fixedFee,
  formatDecimal,
  roundHalfUp,
  SANDBOX_UNITS_PER_USD,
  VARIABLE_FEE_BPS,
  variableFee,
} from "./rates";

const currencies = Object.keys(SANDBOX_UNITS_PER_USD);
const pow10 = (n: number) => 10n ** BigInt(n);

describe("rates", () => {
  it("rounds half-up", () => {
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(7n, 3n)).toBe(2n);
    expect(roundHalfUp(4n, 3n)).toBe(1n);
    expect(roundHalfUp(0n, 3n)).toBe(0n);
  });

  it("keeps 12 significant digits of a rate and stores it as a decimal string", () => {
    expect(formatDecimal(exchangeRate("USD", "EUR"))).toBe("1.08695652174");
    expect(formatDecimal(exchangeRate("EUR", "USD"))).toBe("0.92");
    expect(formatDecimal(exchangeRate("USD", "INR"))).toBe("0.0120481927711");
    expect(formatDecimal(exchangeRate("MXN", "USD"))).toBe("17.2");
    expect(formatDecimal(exchangeRate("USD", "USD"))).toBe("1");
    expect(formatDecimal(decimalFromString("0.0500"))).toBe("0.05");
  });

  it("prices a SENDING lock of 100.00 USD to EUR", () => {
    expect(
      computeQuoteAmounts({
        sendingCurrency: "USD",
        receivingCurrency: "EUR",
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10_000,
      }),
    ).toMatchObject({
      totalSendingAmount: 10_000,
      feesIncluded: 40,
      totalReceivingAmount: 9_163,
      exchangeRate: "1.08695652174",
      rateDetails: {
        serviceApiFixedFee: 10,
        serviceApiVariableFeeAmount: 30,
        serviceApiVariableFeeRate: 0.003,
      },
    });
  });

  it("prices a RECEIVING lock with the smallest total that leaves the converted amount", () => {
    const amounts = computeQuoteAmounts({
      sendingCurrency: "USD",
      receivingCurrency: "MXN",
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 172_000,
    });
    // 1,720.00 MXN = 100.00 USD; fees 0.10 + 0.3% of the total.
    expect(amounts.totalReceivingAmount).toBe(172_000);
    expect(amounts.totalSendingAmount - amounts.feesIncluded).toBe(10_000);
    expect(amounts.feesIncluded).toBe(10 + Math.round(amounts.totalSendingAmount * 0.003));
  });

  it("handles currencies without minor units (JPY)", () => {
    const amounts = computeQuoteAmounts({
      sendingCurrency: "USD",
      receivingCurrency: "JPY",
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 10_000,
    });
    // 99.60 USD × 150 = 14,940 yen
    expect(amounts.totalReceivingAmount).toBe(14_940);
  });

  it("refuses an amount that does not cover the fees", () => {
    expect(() =>
      computeQuoteAmounts({
        sendingCurrency: "USD",
        receivingCurrency: "EUR",
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10,
      }),
    ).toThrow(ApiError);
    // Said in the currency, as a person reads it, not in "minor units".
    expect(() =>
      computeQuoteAmounts({
        sendingCurrency: "USD",
        receivingCurrency: "EUR",
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10,
      }),
    ).toThrow(/^The amount does not cover the fees of \d+\.\d{2} USD: send more than that\.$/);
  });
});

describe("quote amounts (properties)", () => {
  const input = fc.record({
    sendingCurrency: fc.constantFrom(...currencies),
    receivingCurrency: fc.constantFrom(...currencies),
    lockedCurrencySide: fc.constantFrom("SENDING" as const, "RECEIVING" as const),
    lockedCurrencyAmount: fc.oneof(
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer({ min: 1, max: 1_000_000_000_000 }),
    ),
  });

  it("keeps the locked side exact, fees as documented, nothing negative, and the conversion within half a minor unit", () => {
    fc.assert(
      fc.property(input, (q) => {
        let amounts: ReturnType<typeof computeQuoteAmounts>;
        try {
          amounts = computeQuoteAmounts(q);
        } catch (error) {
          // Only amounts too small to carry the fees or a single minor unit may be refused.
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe("AMOUNT_OUT_OF_RANGE");
          return;
        }
        const total = BigInt(amounts.totalSendingAmount);
        const fees = BigInt(amounts.feesIncluded);
        const receiving = BigInt(amounts.totalReceivingAmount);
        expect(total > 0n && receiving > 0n && fees >= 0n && fees < total).toBe(true);
        if (q.lockedCurrencySide === "SENDING")
          expect(amounts.totalSendingAmount).toBe(q.lockedCurrencyAmount);
        else expect(amounts.totalReceivingAmount).toBe(q.lockedCurrencyAmount);
        expect(fees).toBe(fixedFee(q.sendingCurrency) + variableFee(total));
        expect(amounts.rateDetails.serviceApiVariableFeeAmount).toBe(Number(variableFee(total)));

        // (total − fees) / rate vs receiving, exactly: both sides scaled to integers.
        const rate = decimalFromString(amounts.exchangeRate);
        const dS = currencyDecimals(q.sendingCurrency) ?? 2;
        const dR = currencyDecimals(q.receivingCurrency) ?? 2;
        const net = total - fees;
        const difference = net * pow10(dR + rate.scale) - receiving * rate.mantissa * pow10(dS);
        const twice = difference < 0n ? -2n * difference : 2n * difference;
        if (q.lockedCurrencySide === "SENDING") {
          // Rounded in the receiving currency: within half a receiving minor unit.
          expect(twice <= rate.mantissa * pow10(dS)).toBe(true);
        } else {
          // Rounded in the sending currency: within half a sending minor unit.
          expect(twice <= pow10(dR + rate.scale)).toBe(true);
          // And no smaller total would have left the same net amount after its own fees.
          const smaller = total - 1n;
          expect(smaller - fixedFee(q.sendingCurrency) - variableFee(smaller) < net).toBe(true);
        }
        // The float the API shows gives the same receiving amount to within one minor unit.
        if (q.lockedCurrencySide === "SENDING") {
          const shown = (Number(net) / 10 ** dS / Number(amounts.exchangeRate)) * 10 ** dR;
          expect(Math.abs(shown - amounts.totalReceivingAmount)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("charges the documented variable rate", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (total) => {
        const fee = variableFee(total);
        const exact = (total * BigInt(VARIABLE_FEE_BPS) * 2n) / 10_000n;
        expect(fee * 2n - exact <= 1n && exact - fee * 2n <= 1n).toBe(true);
      }),
    );
  });
});
