import { describe, expect, it } from "vitest";
import { isoCurrencyOptions, searchCurrencyOptions } from "./currency-options";

describe("isoCurrencyOptions", () => {
  it("lists ISO 4217 currencies with names and decimals, without units that are not money", () => {
    const options = isoCurrencyOptions();
    expect(options.find((o) => o.code === "GBP")).toEqual({
      code: "GBP",
      name: "Pound Sterling",
      decimals: 2,
    });
    expect(options.find((o) => o.code === "JPY")?.decimals).toBe(0);
    expect(options.find((o) => o.code === "KWD")?.decimals).toBe(3);
    expect(options.some((o) => o.code === "XOF")).toBe(true);
    for (const code of ["XAU", "XTS", "XXX", "XBA"]) expect(options.some((o) => o.code === code)).toBe(false);
    expect(options.map((o) => o.code)).toEqual([...options.map((o) => o.code)].sort());
  });
});

describe("searchCurrencyOptions", () => {
  const options = isoCurrencyOptions();

  it("puts the exact code first, then codes that start with it, then names", () => {
    const found = searchCurrencyOptions("gb", options).map((o) => o.code);
    expect(found[0]).toBe("GBP");
    expect(searchCurrencyOptions("MXN", options)[0]?.code).toBe("MXN");
  });

  it("finds currencies by a word of their name, ignoring case and accents", () => {
    const pesos = searchCurrencyOptions("peso", options).map((o) => o.code);
    expect(pesos).toEqual(expect.arrayContaining(["MXN", "ARS", "CLP", "COP", "PHP"]));
    expect(searchCurrencyOptions("zloty", options).map((o) => o.code)).toContain("PLN");
    expect(searchCurrencyOptions("nothing like this", options)).toEqual([]);
    expect(searchCurrencyOptions("  ", options)).toHaveLength(options.length);
  });
});
