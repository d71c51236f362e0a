import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/shared/contract/iso-3166";
import { ISO_CURRENCY_CODES } from "@/shared/contract/iso-4217";
import countries from "./display-names/countries.json";
import currencies from "./display-names/currencies.json";
import currencySymbols from "./display-names/currency-symbols.json";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

describe("the console's tables of names", () => {
  it("name every country code the contract accepts, and no other", () => {
    expect(Object.keys(countries).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const [code, name] of Object.entries(countries)) {
      expect(name, code).not.toBe(code);
      expect(name.trim(), code).toBe(name);
      expect(name, code).not.toBe("");
    }
  });

  it("name every ISO 4217 code the console offers, and no other", () => {
    expect(Object.keys(currencies).sort()).toEqual([...ISO_CURRENCY_CODES].sort());
    for (const [code, name] of Object.entries(currencies)) expect(name.trim(), code).not.toBe("");
    // And what stands before an amount in each (lib/universal/money/format.ts).
    expect(Object.keys(currencySymbols).sort()).toEqual([...ISO_CURRENCY_CODES].sort());
    expect(currencySymbols).toMatchObject({ USD: "$", EUR: "€", CAD: "CA$", CHF: "CHF\u00a0" });
  });

  it("use the names browsers show where Node's differ", () => {
    expect(countries).toMatchObject({
      HK: "Hong Kong",
      MO: "Macao",
      PS: "Palestine",
      FK: "Falkland Islands",
      US: "United States",
      MX: "Mexico",
    });
    expect(currencies).toMatchObject({ USD: "US Dollar", MXN: "Mexican Peso", EUR: "Euro" });
  });

  it("hold the countries in the order of their names, so pickers need no collation of their own", () => {
    const names = Object.values(countries);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
  });
});

describe("naming a country or a currency", () => {
  const original = Intl.DisplayNames;
  beforeEach(() => {
    // The runtime's names differ between Node and the browser: nothing may ask for them.
    Reflect.set(Intl, "DisplayNames", function throwing() {
      throw new Error("Intl.DisplayNames was called");
    });
  });
  afterEach(() => {
    Reflect.set(Intl, "DisplayNames", original);
  });

  it("reads the tables, never Intl.DisplayNames", async () => {
    const { countryName, COUNTRIES_BY_NAME } = await import("./country-names");
    const { currencyName } = await import("./currency-names");
    expect(countryName("HK")).toBe("Hong Kong");
    expect(countryName("mx")).toBe("Mexico");
    expect(countryName("ZZ")).toBe("ZZ");
    expect(countryName("__proto__")).toBe("__proto__");
    expect(COUNTRIES_BY_NAME.map((country) => country.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(COUNTRIES_BY_NAME[0]).toEqual({ code: "AF", name: "Afghanistan" });
    for (const code of COUNTRY_CODES)
      expect(countryName(code)).toBe(countries[code as keyof typeof countries]);
    expect(currencyName("USD")).toBe("US Dollar");
    expect(currencyName("XYZ")).toBeUndefined();
    expect(currencyName("constructor")).toBeUndefined();
    for (const code of ISO_CURRENCY_CODES) expect(currencyName(code)).toBeDefined();
  });

  it("gives the providers' Country filter its names from the table", async () => {
    const { providerFilters } = await import("@/components/providers/provider-filters");
    const country = providerFilters.find((filter) => filter.key === "countryCode");
    expect(
      country?.type === "select" ? country.options.find((o) => o.value === "PS")?.label : undefined,
    ).toBe("Palestine");
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the page code", () => {
  it("never names things with Intl.DisplayNames (only the server's screening matches names with it)", () => {
    const users = ["app", "components", "lib", "shared"]
      .flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !file.startsWith(path.join("lib", "server", "screening")))
      .filter((file) => /\bDisplayNames\s*\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(users).toEqual([]);
  });
});
