import countries from "i18n-iso-countries";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode } from "./iso-3166";

describe("the ISO 3166-1 alpha-2 list", () => {
  it("agrees with the i18n-iso-countries package on every two-letter code, AA to ZZ", () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const disagreements: string[] = [];
    for (const a of letters)
      for (const b of letters) {
        const code = `${a}${b}`;
        if (isCountryCode(code) !== countries.isValid(code)) disagreements.push(code);
      }
    expect(disagreements).toEqual([]);
    expect(COUNTRY_CODES).toHaveLength(Object.keys(countries.getAlpha2Codes()).length);
  });

  it("takes only uppercase alpha-2 codes", () => {
    expect(isCountryCode("MX")).toBe(true);
    expect(isCountryCode("mx")).toBe(false);
    expect(isCountryCode("MEX")).toBe(false);
    expect(isCountryCode("ZZ")).toBe(false);
  });
});
