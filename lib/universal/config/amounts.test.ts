import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MINOR_AMOUNT } from "../../../shared/contract/common";
import { minorToMajorInput, parseMajorUnits } from "./amounts";

describe("parseMajorUnits", () => {
  it("reads major units exactly by the currency's decimals", () => {
    expect(parseMajorUnits("12.34", 2)).toEqual({ ok: true, minor: 1234 });
    expect(parseMajorUnits("0.29", 2)).toEqual({ ok: true, minor: 29 });
    expect(parseMajorUnits("1.1", 2)).toEqual({ ok: true, minor: 110 });
    expect(parseMajorUnits("5", 2)).toEqual({ ok: true, minor: 500 });
    expect(parseMajorUnits("5.", 2)).toEqual({ ok: true, minor: 500 });
    expect(parseMajorUnits(".5", 2)).toEqual({ ok: true, minor: 50 });
    expect(parseMajorUnits("1500", 0)).toEqual({ ok: true, minor: 1500 });
    expect(parseMajorUnits("1.234", 3)).toEqual({ ok: true, minor: 1234 });
    expect(parseMajorUnits("  007.50 ", 2)).toEqual({ ok: true, minor: 750 });
  });

  it("accepts thousands separators between groups of three", () => {
    expect(parseMajorUnits("1,000,000.00", 2)).toEqual({ ok: true, minor: 100_000_000 });
    expect(parseMajorUnits("10 000", 2)).toEqual({ ok: true, minor: 1_000_000 });
    expect(parseMajorUnits("1_000", 0)).toEqual({ ok: true, minor: 1000 });
    expect(parseMajorUnits("1,00", 2).ok).toBe(false);
    expect(parseMajorUnits("1.234,50", 2).ok).toBe(false);
  });

  it("says why an amount is refused", () => {
    expect(parseMajorUnits("", 2)).toEqual({ ok: false, error: "Enter an amount" });
    expect(parseMajorUnits("-1", 2)).toEqual({ ok: false, error: "Cannot be negative" });
    expect(parseMajorUnits("1e3", 2)).toEqual({ ok: false, error: "Enter a number like 1234.56" });
    expect(parseMajorUnits("abc", 2).ok).toBe(false);
    expect(parseMajorUnits("1.234", 2, { currencyCode: "USD" })).toEqual({
      ok: false,
      error: "USD has 2 decimal places",
    });
    expect(parseMajorUnits("1.5", 0, { currencyCode: "JPY" })).toEqual({
      ok: false,
      error: "JPY has no decimal places; enter a whole number",
    });
    expect(parseMajorUnits("0", 2, { min: 1 })).toEqual({ ok: false, error: "Must be greater than 0" });
    expect(parseMajorUnits("0.50", 2, { min: 100 })).toEqual({ ok: false, error: "Must be at least 1.00" });
    expect(parseMajorUnits("1000000000.01", 2, { max: 100_000_000_000 })).toEqual({
      ok: false,
      error: "Must be at most 1,000,000,000.00",
    });
    // With its currency, a limit is written as the money it is.
    expect(parseMajorUnits("1000000000.01", 2, { max: 100_000_000_000, currencyCode: "USD" })).toEqual({
      ok: false,
      error: "Must be at most $1,000,000,000.00",
    });
  });

  it("never goes past the API's ceiling, even for digits a float would round", () => {
    expect(parseMajorUnits("90000000000000.00", 2)).toEqual({ ok: true, minor: MAX_MINOR_AMOUNT });
    expect(parseMajorUnits("90000000000000.01", 2).ok).toBe(false);
    expect(parseMajorUnits("99999999999999999999999", 2).ok).toBe(false);
  });

  it("round-trips every amount through the text a form shows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
        fc.integer({ min: 0, max: 4 }),
        (minor, d) => {
          expect(parseMajorUnits(minorToMajorInput(minor, d), d)).toEqual({ ok: true, minor });
        },
      ),
    );
  });
});

describe("minorToMajorInput", () => {
  it("shows every decimal place", () => {
    expect(minorToMajorInput(150_000, 2)).toBe("1500.00");
    expect(minorToMajorInput(5, 3)).toBe("0.005");
    expect(minorToMajorInput(100, 0)).toBe("100");
  });
});
