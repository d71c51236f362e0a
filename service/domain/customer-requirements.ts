import {
  type CurrencyRequirement,
  type CustomerLike,
  type FieldError,
  missingCustomerInfo,
} from "../../shared/contract";
import { ApiError } from "../errors";
import type { PlatformConfigRow } from "./config";
import type { CustomerRow } from "./payment-accounts";

/**
 * Refuses, with 400 MISSING_MANDATORY_USER_INFO naming every missing field, a customer who lacks what the given
 * currencies demand. Spec rule 1: only platformCustomerId and customerType are required at creation; a currency's
 * providerRequiredCustomerFields apply where the customer is to transact in it (a bank account in it, a quote,
 * payment or transfer moving the customer's money in it).
 */
export function requireInfoForCurrencies(
  currencies: readonly CurrencyRequirement[],
  customer: CustomerLike,
  codes: readonly string[],
  pathPrefix = "",
): void {
  const missing = missingCustomerInfo(customer, currencies, codes);
  if (!missing) return;
  const fields: FieldError[] = missing.fields.map(({ field, path, currencies: demanding }) => ({
    path: `${pathPrefix}${path}`,
    message: `Required for ${demanding.join(", ")} (${field})`,
  }));
  const currencyList = [...new Set(missing.fields.flatMap((field) => field.currencies))];
  throw new ApiError(
    400,
    "MISSING_MANDATORY_USER_INFO",
    `To transact in ${currencyList.join(", ")} the customer needs ${missing.missingFields.join(", ")}.`,
    { fields, missingFields: missing.missingFields, currencies: currencyList },
  );
}

/** A stored customer as the rules read it. */
function customerRecord(row: CustomerRow): CustomerLike {
  return {
    customerType: row.customerType,
    fullName: row.fullName,
    birthDate: row.birthDate,
    nationality: row.nationality,
    address: row.address,
    businessInfo: row.businessInfo,
  };
}

/** Refuses a stored customer who lacks what these currencies demand of them on this platform. */
export function requireCustomerInfoFor(
  config: Pick<PlatformConfigRow, "supportedCurrencies">,
  row: CustomerRow,
  codes: readonly string[],
): void {
  requireInfoForCurrencies(config.supportedCurrencies, customerRecord(row), codes);
}
