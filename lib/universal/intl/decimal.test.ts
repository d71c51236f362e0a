import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFraction, formatPercentage, formatSignificant } from "./decimal";

const intl = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 6 });

describe("formatSignificant", () => {
  it("writes rates as a person reads them", () => {
    expect(formatSignificant(17.23451234, 6)).toBe("17.2345");
    expect(formatSignificant(0.0581395348837, 6)).toBe("0.0581395");
    expect(formatSignificant(1, 6)).toBe("1");
    expect(formatSignificant(1234567.8, 6)).toBe("1,234,570");
    expect(formatSignificant(0.0000001234567, 6)).toBe("0.000000123457");
    expect(formatSignificant(999999.5, 6)).toBe("1,000,000");
    expect(formatSignificant(0, 6)).toBe("0");
  });

  it("writes every number exactly as Intl does in en-US with six significant digits, without asking Intl", () => {
    const cases = [
      -0,
      0.5,
      1.5,
      2.5,
      1.0000005,
      1.234565,
      9.999995,
      99999.95,
      0.1 + 0.2,
      1e21,
      1.5e-7,
      123456.5,
      5e-324,
      Number.MAX_VALUE,
      Number.MIN_SAFE_INTEGER,
      17.2,
      0.058139534883720936,
    ];
    for (const value of cases) expect(formatSignificant(value, 6), String(value)).toBe(intl.format(value));
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(formatSignificant(value, 6)).toBe(intl.format(value));
      }),
      { numRuns: 20_000 },
    );
    // Rates as the API states them: a few decimals either side of one.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 9 }), (units, shift) => {
        const value = units / 10 ** shift;
        expect(formatSignificant(value, 6)).toBe(intl.format(value));
        expect(formatSignificant(1 / value, 6)).toBe(intl.format(1 / value));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("formatPercentage", () => {
  const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 4 });

  it("writes fee rates as a person reads them", () => {
    expect(formatPercentage(0.001, 4)).toBe("0.1%");
    expect(formatPercentage(0.00125, 4)).toBe("0.125%");
    expect(formatPercentage(0.123456789, 4)).toBe("12.3457%");
    expect(formatPercentage(12.5, 4)).toBe("1,250%");
    expect(formatPercentage(0.0000001, 4)).toBe("0%");
    expect(formatPercentage(0.0000005, 4)).toBe("0.0001%");
  });

  it("writes every share exactly as Intl does in en-US with four decimals, without asking Intl", () => {
    for (const value of [
      -0,
      0,
      0.07,
      0.1 + 0.2,
      0.000000499999,
      0.00000049,
      1e-7,
      5e-324,
      1e21,
      0.123456785,
    ]) {
      expect(formatPercentage(value, 4), String(value)).toBe(percent.format(value));
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(formatPercentage(value, 4)).toBe(percent.format(value));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10 }),
        (units, shift) => {
          const value = units / 10 ** shift;
          expect(formatPercentage(value, 4)).toBe(percent.format(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe("formatFraction", () => {
  const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

  it("writes every number exactly as Intl does in en-US with one decimal, without asking Intl", () => {
    expect(formatFraction(1.55, 1)).toBe("1.6");
    expect(formatFraction(1536 / 1024, 1)).toBe("1.5");
    expect(formatFraction(1023.96, 1)).toBe("1,024");
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(formatFraction(value, 1)).toBe(oneDecimal.format(value));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (bytes) => {
        expect(formatFraction(bytes / 1024, 1)).toBe(oneDecimal.format(bytes / 1024));
      }),
      { numRuns: 20_000 },
    );
  });
});
