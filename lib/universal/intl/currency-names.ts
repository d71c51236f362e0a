import currencies from "./display-names/currencies.json";

// Written by scripts/generate-display-names.ts: ISO 4217's names, the ones the API's currency objects carry.
const NAMES: Readonly<Record<string, string>> = currencies;

/** The ISO 4217 name of a code ("US Dollar"), or undefined when the code is not one the console offers. */
export function currencyName(code: string): string | undefined {
  return Object.hasOwn(NAMES, code) ? NAMES[code] : undefined;
}
