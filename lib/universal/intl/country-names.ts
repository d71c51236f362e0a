import countries from "./display-names/countries.json";

// Written by scripts/generate-display-names.ts, in the order of the names. Never Intl.DisplayNames: its names come
// from the runtime's CLDR data, which differs between Node and the browser, so a page rendered on the server would
// not hydrate (React error #418).
const NAMES: Readonly<Record<string, string>> = countries;

/** "MX" → "Mexico", from the console's own table; a code the table does not hold stays as it is. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  return Object.hasOwn(NAMES, upper) ? (NAMES[upper] ?? code) : code;
}

/** Every country the contract accepts, in the order of its English name: for pickers. */
export const COUNTRIES_BY_NAME: readonly { code: string; name: string }[] = Object.entries(NAMES).map(
  ([code, name]) => ({ code, name }),
);
