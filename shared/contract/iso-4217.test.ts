import { code as isoCurrency } from "currency-codes";
import { describe, expect, it } from "vitest";
import { currencyDecimals, isIsoCurrencyCode } from "./iso-4217";

describe("the ISO 4217 code list", () => {
  it("agrees with the currency-codes package on every three-letter code, AAA to ZZZ", () => {
    const disagreements: string[] = [];
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const a of letters)
      for (const b of letters)
        for (const c of letters) {
          const code = `${a}${b}${c}`;
          const record = isoCurrency(code);
          if (isIsoCurrencyCode(code) !== (record !== undefined)) disagreements.push(`${code}: known`);
          if (currencyDecimals(code) !== record?.digits) disagreements.push(`${code}: decimals`);
        }
    expect(disagreements).toEqual([]);
  });

  it("knows the usual minor units and refuses what is not an uppercase ISO code", () => {
    expect([
      currencyDecimals("USD"),
      currencyDecimals("JPY"),
      currencyDecimals("KWD"),
      currencyDecimals("CLF"),
    ]).toEqual([2, 0, 3, 4]);
    expect(isIsoCurrencyCode("usd")).toBe(false);
    expect(isIsoCurrencyCode("ABC")).toBe(false);
    expect(currencyDecimals("BTC")).toBeUndefined();
  });
});
