import { data as isoCurrencies } from "currency-codes";
import { compareCodeUnits } from "../text/order";

export type CurrencyOption = { code: string; name: string; decimals: number };

let cached: CurrencyOption[] | undefined;

/**
 * The ISO 4217 currencies a platform can support, by code. ISO also lists units that are not money (gold, bond
 * market units, the testing code, "no currency"); the currency-codes package marks them with a "Zz" pseudo-country,
 * and they are left out.
 */
export function isoCurrencyOptions(): CurrencyOption[] {
  cached ??= isoCurrencies
    .filter((entry) => !entry.countries.some((country) => country.startsWith("Zz")))
    .map((entry) => ({ code: entry.code, name: entry.currency, decimals: entry.digits }))
    .sort((a, b) => compareCodeUnits(a.code, b.code));
  return cached;
}

/**
 * The options matching what a person typed, best first: the exact code, then codes starting with it, then names
 * containing it ("peso" finds every peso). Case and accents do not matter.
 */
export function searchCurrencyOptions(query: string, options: readonly CurrencyOption[]): CurrencyOption[] {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const needle = fold(query.trim());
  if (needle === "") return [...options];
  const rank = (option: CurrencyOption): number => {
    const code = option.code.toLowerCase();
    if (code === needle) return 0;
    if (code.startsWith(needle)) return 1;
    const name = fold(option.name);
    if (name.split(/[\s()-]+/).some((word) => word.startsWith(needle))) return 2;
    if (name.includes(needle)) return 3;
    return -1;
  };
  return options
    .map((option) => ({ option, score: rank(option) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || compareCodeUnits(a.option.code, b.option.code))
    .map((entry) => entry.option);
}
