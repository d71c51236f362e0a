import type { BankAccountInfoInput } from "./bank-account";

/** Rails that carry exactly one currency; IBAN accounts exist in many currencies, FBO names its own. */
export const RAIL_CURRENCY: Partial<Record<BankAccountInfoInput["accountType"], string>> = {
  CLABE: "MXN",
  US_ACCOUNT: "USD",
  PIX: "BRL",
  UPI: "INR",
};

/** IBAN countries outside the euro area whose accounts are held in the national currency. */
const IBAN_NATIONAL_CURRENCY: Record<string, string> = {
  GB: "GBP",
  CH: "CHF",
  LI: "CHF",
  PL: "PLN",
  SE: "SEK",
  DK: "DKK",
  NO: "NOK",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
};

/** The currency an account of this type is held in; for an IBAN, from its country (the first two letters). */
export function accountTypeCurrency(accountType: string, iban = ""): string {
  if (accountType === "IBAN") {
    return IBAN_NATIONAL_CURRENCY[iban.replace(/\s+/g, "").slice(0, 2).toUpperCase()] ?? "EUR";
  }
  return RAIL_CURRENCY[accountType as BankAccountInfoInput["accountType"]] ?? "USD";
}

/** The currency a customer's bankAccountInfo is held in, when the request does not say. */
export function naturalCurrency(info: BankAccountInfoInput): string {
  if (info.accountType === "FBO") return info.currencyCode;
  if (info.currency !== undefined) return info.currency;
  return accountTypeCurrency(info.accountType, info.accountType === "IBAN" ? info.iban : "");
}
