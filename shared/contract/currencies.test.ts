import { describe, expect, it } from "vitest";
import { currencySchema } from "./common";
import { currencyDecimals, currencyInfo, currencyName, isIsoCurrencyCode } from "./currencies";

describe("currencyInfo", () => {
  it("returns the API's currency object for ISO codes", () => {
    expect(currencyInfo("USD")).toEqual({ code: "USD", name: "US Dollar", symbol: "$", decimals: 2 });
    expect(currencyInfo("EUR")).toMatchObject({ symbol: "€", decimals: 2 });
    expect(currencyInfo("MXN")).toMatchObject({ symbol: "MX$", decimals: 2 });
    expect(currencyInfo("JPY")).toMatchObject({ symbol: "¥", decimals: 0 });
    expect(currencyInfo("KWD")).toMatchObject({ decimals: 3 });
    expect(currencySchema.safeParse(currencyInfo("BRL")).success).toBe(true);
  });

  it("returns undefined for non-ISO and lowercase codes", () => {
    expect(currencyInfo("BTC")).toBeUndefined();
    expect(currencyInfo("usd")).toBeUndefined();
    expect(currencyInfo("")).toBeUndefined();
  });
});

describe("currencyDecimals", () => {
  it("gives ISO minor units", () => {
    expect(currencyDecimals("USD")).toBe(2);
    expect(currencyDecimals("JPY")).toBe(0);
    expect(currencyDecimals("BHD")).toBe(3);
    expect(currencyDecimals("CLP")).toBe(0);
    expect(currencyDecimals("SAT")).toBeUndefined();
  });

  it("isIsoCurrencyCode is strict about case and length", () => {
    expect(isIsoCurrencyCode("GBP")).toBe(true);
    expect(isIsoCurrencyCode("gbp")).toBe(false);
    expect(isIsoCurrencyCode("GBPX")).toBe(false);
  });
});

describe("currencyName", () => {
  it("names every ISO 4217 code as currencyInfo does, and nothing else", () => {
    expect(currencyName("USD")).toBe("US Dollar");
    expect(currencyName("EUR")).toBe("Euro");
    for (const code of ["XYZ", "usd", "", "BTC"]) expect(currencyName(code)).toBeUndefined();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        for (let third = 65; third <= 90; third++) {
          const code = String.fromCharCode(first, second, third);
          expect(currencyName(code)).toBe(currencyInfo(code)?.name);
        }
      }
    }
  });
});
