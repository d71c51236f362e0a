/*
 * Which customer information each supported currency demands, and what a customer still lacks for it: the one
 * reading of `providerRequiredCustomerFields` that the service enforces and the console shows. Plain values, no
 * zod, so pages can use it without loading the schemas.
 *
 * The rule (specification rule 1, api-notes §8): only platformCustomerId and customerType are required to create a
 * customer. A currency's providerRequiredCustomerFields apply when the customer is to transact in that currency:
 * a bank account in it, a quote, payment or transfer that moves the customer's money in it.
 */
import {
  type CustomerLike,
  customerPathsByUserInfoField,
  missingProviderRequiredFields,
  type UserInfoFieldName,
  userInfoFieldNames,
} from "./user-info-fields";

/** Whether money moves for a customer in this KYC status (the API refuses others 403 USER_NOT_READY). */
export const kycLetsMoneyMove = (status: string): boolean =>
  status === "APPROVED" || status === "MANUALLY_APPROVED";

/** What the rule needs of a supported currency: its code and the fields its provider demands. */
export type CurrencyRequirement = {
  currencyCode: string;
  providerRequiredCustomerFields: readonly string[];
};

const KNOWN_FIELDS = new Set<string>(userInfoFieldNames);

/** The currency's required fields that name a known user-information field (unknown names are ignored). */
export function requiredFieldsOf(currency: CurrencyRequirement): UserInfoFieldName[] {
  return currency.providerRequiredCustomerFields.filter((name): name is UserInfoFieldName =>
    KNOWN_FIELDS.has(name),
  );
}

/** Each required field → the currencies that list it, in the configuration's order. */
export function requiredFieldsByCurrency(
  currencies: readonly CurrencyRequirement[],
): Map<UserInfoFieldName, string[]> {
  const map = new Map<UserInfoFieldName, string[]>();
  for (const currency of currencies) {
    for (const field of requiredFieldsOf(currency)) {
      map.set(field, [...(map.get(field) ?? []), currency.currencyCode]);
    }
  }
  return map;
}

export type CurrencyReadiness = {
  currencyCode: string;
  /** The fields this currency demands that the customer lacks; empty when the customer is ready for it. */
  missing: UserInfoFieldName[];
};

/** For every currency given, what the customer still lacks to transact in it. */
export function customerReadiness(
  customer: CustomerLike,
  currencies: readonly CurrencyRequirement[],
): CurrencyReadiness[] {
  return currencies.map((currency) => ({
    currencyCode: currency.currencyCode,
    missing: missingProviderRequiredFields(customer, requiredFieldsOf(currency)),
  }));
}

export type MissingCustomerInfo = {
  /** Every missing field once, in the order the currencies list them. */
  missingFields: UserInfoFieldName[];
  /** Each missing field with where it lives on the customer and the currencies that demand it. */
  fields: { field: UserInfoFieldName; path: string; currencies: string[] }[];
};

/**
 * What the customer lacks to transact in the given currencies (codes not among `currencies` demand nothing), or
 * null when nothing is missing.
 */
export function missingCustomerInfo(
  customer: CustomerLike,
  currencies: readonly CurrencyRequirement[],
  codes: readonly string[],
): MissingCustomerInfo | null {
  const involved = currencies.filter((currency) => codes.includes(currency.currencyCode));
  const byField = new Map<UserInfoFieldName, string[]>();
  for (const { currencyCode, missing } of customerReadiness(customer, involved)) {
    for (const field of missing) byField.set(field, [...(byField.get(field) ?? []), currencyCode]);
  }
  if (byField.size === 0) return null;
  return {
    missingFields: [...byField.keys()],
    fields: [...byField].map(([field, currencyCodes]) => ({
      field,
      path: customerPathsByUserInfoField[field][customer.customerType] ?? field,
      currencies: currencyCodes,
    })),
  };
}
