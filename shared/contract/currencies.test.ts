import { describe, expect, it } from "vitest";
import { currencySchema } from "./common";
import { currencyDecimals, currencyInfo, isIsoCurrencyCode } from "./currencies";

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
