import { sandboxAccountOutcome } from "../../shared/contract";
import type { Prng } from "./prng";

/**
 * Bank account numbers for the demo that pass the contract's checks (IBAN and CLABE check digits, ABA routing
 * numbers) and whose last three digits choose the sandbox bank's outcome (api-notes §4): `ending` when given, else
 * any ending that completes.
 */

const ROUTING_NUMBERS = [
  { routingNumber: "021000021", bankName: "JPMorgan Chase" },
  { routingNumber: "026009593", bankName: "Bank of America" },
  { routingNumber: "121000248", bankName: "Wells Fargo" },
] as const;

const IBAN_BANKS = {
  DE: [
    { code: "37040044", bankName: "Commerzbank", swiftBic: "COBADEFFXXX" },
    { code: "10070000", bankName: "Deutsche Bank", swiftBic: "DEUTDEBBXXX" },
  ],
  AT: [{ code: "12000", bankName: "UniCredit Bank Austria", swiftBic: "BKAUATWWXXX" }],
  IE: [{ code: "AIBK931152", bankName: "AIB", swiftBic: "AIBKIE2DXXX" }],
} as const;
export type IbanCountry = keyof typeof IBAN_BANKS;

const CLABE_BANKS = [
  { prefix: "002180", bankName: "Citibanamex" },
  { prefix: "012180", bankName: "BBVA México" },
  { prefix: "014180", bankName: "Santander México" },
] as const;

/** `count` random digits ending in `ending`, or ending in anything that completes. */
function digitsEnding(prng: Prng, count: number, ending?: string): string {
  for (;;) {
    const body = ending ? prng.digits(count - ending.length) + ending : prng.digits(count);
    if (ending || sandboxAccountOutcome(body) === "COMPLETES") return body;
  }
}

function ibanCheckDigits(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, "0");
}

export function usAccount(prng: Prng, ending?: string) {
  const bank = prng.pick(ROUTING_NUMBERS);
  return {
    accountType: "US_ACCOUNT" as const,
    accountNumber: digitsEnding(prng, prng.int(9, 12), ending),
    routingNumber: bank.routingNumber,
    accountCategory: prng.chance(0.8) ? ("CHECKING" as const) : ("SAVINGS" as const),
    bankName: bank.bankName,
  };
}

export function ibanAccount(prng: Prng, country: IbanCountry, ending?: string) {
  const bank = prng.pick<(typeof IBAN_BANKS)[IbanCountry][number]>(IBAN_BANKS[country]);
  const accountLength = { DE: 10, AT: 11, IE: 8 }[country];
  const bban = bank.code + digitsEnding(prng, accountLength, ending);
  return {
    accountType: "IBAN" as const,
    iban: `${country}${ibanCheckDigits(country, bban)}${bban}`,
    bankName: bank.bankName,
    swiftBic: bank.swiftBic,
  };
}

function clabeControlDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10;
}

/** A CLABE; its last digit is the control digit, so one ending in `ending` is found by drawing until it fits. */
export function clabeAccount(prng: Prng, ending?: string) {
  const bank = prng.pick(CLABE_BANKS);
  for (;;) {
    const first17 = ending
      ? bank.prefix + prng.digits(9) + ending.slice(0, 2)
      : bank.prefix + prng.digits(11);
    const clabe = first17 + String(clabeControlDigit(first17));
    const fits = ending ? clabe.endsWith(ending) : sandboxAccountOutcome(clabe) === "COMPLETES";
    if (fits) return { accountType: "CLABE" as const, clabeNumber: clabe, bankName: bank.bankName };
  }
}
