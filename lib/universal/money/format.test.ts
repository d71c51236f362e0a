import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ISO_CURRENCY_CODES } from "../../../shared/contract/iso-4217";
import { formatMinorUnits, minorUnitsToDecimalString } from "./format";

const USD = { code: "USD", decimals: 2 };
const JPY = { code: "JPY", decimals: 0 };
const KWD = { code: "KWD", decimals: 3 };

// Intl separates a code from the number with a no-break space; tests read better with a plain one.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("minorUnitsToDecimalString", () => {
  it("places the decimal point by the currency's decimals", () => {
    expect(minorUnitsToDecimalString(123456, 2)).toBe("1234.56");
    expect(minorUnitsToDecimalString(5, 2)).toBe("0.05");
    expect(minorUnitsToDecimalString(0, 2)).toBe("0.00");
    expect(minorUnitsToDecimalString(1234, 0)).toBe("1234");
    expect(minorUnitsToDecimalString(7, 3)).toBe("0.007");
    expect(minorUnitsToDecimalString(1, 8)).toBe("0.00000001");
  });

  it("keeps the sign, including below one unit", () => {
    expect(minorUnitsToDecimalString(-5, 3)).toBe("-0.005");
    expect(minorUnitsToDecimalString(-100, 0)).toBe("-100");
    expect(minorUnitsToDecimalString(-0, 2)).toBe("0.00");
  });

  it("is exact at the API's ceiling, where dividing a float is not", () => {
    expect(minorUnitsToDecimalString(9_000_000_000_000_000, 2)).toBe("90000000000000.00");
    expect(minorUnitsToDecimalString(8_999_999_999_999_999, 2)).toBe("89999999999999.99");
    expect(minorUnitsToDecimalString(Number.MAX_SAFE_INTEGER, 3)).toBe("9007199254740.991");
    expect(minorUnitsToDecimalString(12_345_678_901_234_567_890n, 2)).toBe("123456789012345678.90");
  });

  it("round-trips every safe integer through its digits", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 12 }), (amount, decimals) => {
        const text = minorUnitsToDecimalString(amount, decimals);
        expect(BigInt(text.replace(".", ""))).toBe(BigInt(amount));
        const fraction = text.split(".")[1] ?? "";
        expect(fraction.length).toBe(decimals);
      }),
    );
  });

  it("refuses fractions of a minor unit and unsafe numbers rather than guessing", () => {
    expect(() => minorUnitsToDecimalString(1.5, 2)).toThrow(RangeError);
    expect(() => minorUnitsToDecimalString(Number.MAX_SAFE_INTEGER + 2, 2)).toThrow(RangeError);
    expect(() => minorUnitsToDecimalString(Number.NaN, 2)).toThrow(RangeError);
    expect(() => minorUnitsToDecimalString(1, -1)).toThrow(RangeError);
    expect(() => minorUnitsToDecimalString(1, 1.5)).toThrow(RangeError);
  });
});

describe("formatMinorUnits", () => {
  it("formats USD with 2 decimals", () => {
    expect(formatMinorUnits(123456, USD, "en-US")).toBe("$1,234.56");
    expect(formatMinorUnits(1, USD, "en-US")).toBe("$0.01");
    expect(formatMinorUnits(0, USD, "en-US")).toBe("$0.00");
  });

  it("formats JPY with no decimals", () => {
    expect(formatMinorUnits(1234, JPY, "en-US")).toBe("¥1,234");
    expect(formatMinorUnits(1234, JPY, "ja-JP")).toBe("￥1,234");
  });

  it("formats KWD with 3 decimals", () => {
    expect(plain(formatMinorUnits(1234567, KWD, "en-US"))).toBe("KWD 1,234.567");
    expect(plain(formatMinorUnits(5, KWD, "en-US"))).toBe("KWD 0.005");
  });

  it("formats negative amounts", () => {
    expect(formatMinorUnits(-123456, USD, "en-US")).toBe("-$1,234.56");
    expect(formatMinorUnits(-1, USD, "en-US")).toBe("-$0.01");
    expect(formatMinorUnits(-500, JPY, "en-US")).toBe("-¥500");
  });

  it("formats amounts up to 9e15 minor units without float error", () => {
    expect(formatMinorUnits(9_000_000_000_000_000, USD, "en-US")).toBe("$90,000,000,000,000.00");
    expect(formatMinorUnits(8_999_999_999_999_999, USD, "en-US")).toBe("$89,999,999,999,999.99");
    expect(formatMinorUnits(-8_999_999_999_999_999, USD, "en-US")).toBe("-$89,999,999,999,999.99");
    expect(formatMinorUnits(8_999_999_999_999_999, JPY, "en-US")).toBe("¥8,999,999,999,999,999");
    expect(plain(formatMinorUnits(8_999_999_999_999_999, KWD, "en-US"))).toBe("KWD 8,999,999,999,999.999");
  });

  it("keeps every digit of any safe amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_000_000_000_000_000, max: 9_000_000_000_000_000 }), (amount) => {
        const digits = formatMinorUnits(amount, USD, "en-US").replace(/[^0-9]/g, "");
        expect(BigInt(digits)).toBe(BigInt(Math.abs(amount)));
      }),
    );
  });

  it("uses the API's decimals even where Intl's table differs", () => {
    expect(formatMinorUnits(150, { code: "JPY", decimals: 2 }, "en-US")).toBe("¥1.50");
    expect(plain(formatMinorUnits(100_000_000, { code: "BTC", decimals: 8 }, "en-US"))).toBe(
      "BTC 1.00000000",
    );
  });

  it("follows the locale's separators and symbol placement", () => {
    expect(plain(formatMinorUnits(123456, { code: "EUR", decimals: 2 }, "de-DE"))).toBe("1.234,56 €");
  });

  it("prints a code Intl does not accept after the number", () => {
    expect(plain(formatMinorUnits(150_000_000, { code: "USDC", decimals: 6 }, "en-US"))).toBe(
      "150.000000 USDC",
    );
    expect(plain(formatMinorUnits(-2, { code: "USDC", decimals: 2 }, "en-US"))).toBe("-0.02 USDC");
  });

  it("shows a plus sign on credits when asked", () => {
    expect(formatMinorUnits(500, USD, "en-US", { signDisplay: "exceptZero" })).toBe("+$5.00");
    expect(formatMinorUnits(0, USD, "en-US", { signDisplay: "exceptZero" })).toBe("$0.00");
    expect(plain(formatMinorUnits(500, USD, "en-US", { currencyDisplay: "code" }))).toBe("USD 5.00");
  });

  it("defaults to a fixed locale so server and browser render the same text", () => {
    expect(formatMinorUnits(123456, USD)).toBe("$1,234.56");
  });

  it("prints what Intl prints in en-US, by symbol and by code, for every currency, amount and sign", () => {
    // The console prints money from its own table (no Intl at run time, the same characters on server and browser);
    // this Node's ICU is the reference it was written from.
    const intl = (amount: bigint, code: string, decimals: number, options: Record<string, string>) =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: code,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        ...options,
      }).format(minorUnitsToDecimalString(amount, decimals));
    fc.assert(
      fc.property(
        fc.constantFrom(...ISO_CURRENCY_CODES),
        fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom("auto", "always", "exceptZero", "never", "negative"),
        fc.constantFrom("symbol", "code"),
        (code, amount, decimals, signDisplay, currencyDisplay) => {
          const options = { signDisplay, currencyDisplay } as const;
          expect(formatMinorUnits(amount, { code, decimals }, "en-US", options)).toBe(
            intl(amount, code, decimals, options),
          );
        },
      ),
      { numRuns: 3000 },
    );
    for (const code of ISO_CURRENCY_CODES) {
      for (const amount of [0n, 1n, -1n, 999n, 1000n, -123456789n]) {
        expect(formatMinorUnits(amount, { code, decimals: 2 }), code).toBe(intl(amount, code, 2, {}));
      }
    }
  });
});
