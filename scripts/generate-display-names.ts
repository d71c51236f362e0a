// node --import tsx scripts/generate-display-names.ts — writes the console's tables of English names for the country
// and currency codes it offers, and of the currencies' symbols (lib/universal/intl/display-names/). The console names countries and currencies only
// from these tables, on the server and in the browser alike: Intl.DisplayNames answers from the runtime's own CLDR
// data, which differs between Node's ICU and the browser's ("Hong Kong SAR China" / "Hong Kong"), and a page whose
// server-rendered text differs from the browser's first render fails to hydrate (React error #418, issue 49).
// Run it again after a code list in shared/contract changes; lib/universal/intl/display-names.test.ts fails until then.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { code as isoCurrency } from "currency-codes";
import { COUNTRY_CODES } from "../shared/contract/iso-3166";
import { ISO_CURRENCY_CODES } from "../shared/contract/iso-4217";

const TARGET = path.resolve(import.meta.dirname, "..", "lib", "universal", "intl", "display-names");

/**
 * Codes named by CLDR's short form, the name browsers show, rather than the standard one Node's ICU gives
 * ("Hong Kong SAR China", "Macao SAR China", "Palestinian Territories"). Every other country keeps CLDR's standard
 * English name; Chromium's own additions ("Falkland Islands (Islas Malvinas)") are not followed.
 */
const SHORT_NAMED = new Set(["HK", "MO", "PS"]);

function countryNames(): Record<string, string> {
  const standard = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const short = new Intl.DisplayNames(["en"], { type: "region", style: "short", fallback: "none" });
  const entries = COUNTRY_CODES.map((code) => {
    const name = (SHORT_NAMED.has(code) ? short : standard).of(code);
    if (!name) throw new Error(`this Node's ICU has no English name for the country ${code}`);
    return [code, name] as const;
  });
  // Written in the order of their names, so a list of countries needs no collation of its own at run time.
  const collator = new Intl.Collator("en");
  entries.sort((a, b) => collator.compare(a[1], b[1]));
  return Object.fromEntries(entries);
}

/** ISO 4217's own names, as the API's currency objects carry them (shared/contract/currencies.ts). */
function currencyNames(): Record<string, string> {
  return Object.fromEntries(
    ISO_CURRENCY_CODES.map((code) => {
      const name = isoCurrency(code)?.currency;
      if (!name) throw new Error(`currency-codes has no name for ${code}`);
      return [code, name] as const;
    }),
  );
}

function write(file: string, names: Record<string, string>) {
  writeFileSync(path.join(TARGET, file), `${JSON.stringify(names, null, 2)}\n`);
  console.log(
    `Wrote ${path.relative(process.cwd(), path.join(TARGET, file))} (${Object.keys(names).length} names).`,
  );
}

/**
 * What stands before an amount in each ISO 4217 currency, written the console's way (en-US, the symbol, and the
 * no-break space ICU puts after a symbol made of letters): `$`, `CA$`, `CHF\u00a0`. Money is formatted from this
 * table on the server and in the browser alike (lib/universal/money/format.ts), never from the runtime's Intl.
 */
function currencySymbols(): Record<string, string> {
  return Object.fromEntries(
    ISO_CURRENCY_CODES.map((code) => {
      const parts = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).formatToParts(1);
      const first = parts.findIndex((part) => part.type === "integer");
      if (parts[0]?.type !== "currency" || first < 1)
        throw new Error(`en-US does not put ${code} before the amount`);
      return [
        code,
        parts
          .slice(0, first)
          .map((part) => part.value)
          .join(""),
      ] as const;
    }),
  );
}

write("countries.json", countryNames());
write("currencies.json", currencyNames());
write("currency-symbols.json", currencySymbols());
