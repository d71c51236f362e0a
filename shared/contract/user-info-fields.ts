/*
 * The user-information field names and where each lives on a customer record: plain values, without zod, so the
 * pages can use them without loading the schemas (shared/contract/common.ts and customers.ts re-export them).
 */
import type { CustomerType } from "./customers";

export const userInfoFieldNames = [
  "FULL_NAME",
  "BIRTH_DATE",
  "NATIONALITY",
  "ADDRESS",
  "PHONE_NUMBER",
  "EMAIL",
  "BUSINESS_NAME",
  "TAX_ID",
] as const;
export type UserInfoFieldName = (typeof userInfoFieldNames)[number];

/**
 * Where each UserInfoFieldName lives on a customer record, per customer type; null when that type has no such
 * field. Decisions:
 * - FULL_NAME of a business is its legal name (businessInfo.legalName), the business's "full legal name".
 * - BUSINESS_NAME of an individual, and BIRTH_DATE / NATIONALITY / TAX_ID of the type lacking the field, are not
 *   applicable: the strict request schemas forbid sending them, so demanding them would block the customer
 *   forever with nothing the platform could do.
 * - PHONE_NUMBER and EMAIL have no customer field in the API. They are collected per payment as counterparty data
 *   (senderCustomerInfo, receiverCustomerInfo), so a customer record never fails them.
 */
export const customerPathsByUserInfoField = {
  FULL_NAME: { INDIVIDUAL: "fullName", BUSINESS: "businessInfo.legalName" },
  BIRTH_DATE: { INDIVIDUAL: "birthDate", BUSINESS: null },
  NATIONALITY: { INDIVIDUAL: "nationality", BUSINESS: null },
  ADDRESS: { INDIVIDUAL: "address", BUSINESS: "address" },
  PHONE_NUMBER: { INDIVIDUAL: null, BUSINESS: null },
  EMAIL: { INDIVIDUAL: null, BUSINESS: null },
  BUSINESS_NAME: { INDIVIDUAL: null, BUSINESS: "businessInfo.legalName" },
  TAX_ID: { INDIVIDUAL: null, BUSINESS: "businessInfo.taxId" },
} as const satisfies Record<UserInfoFieldName, Record<CustomerType, string | null>>;

/** Any record with a customerType: a create or patch body, a stored customer, or a patch merged onto one. */
export type CustomerLike = { customerType: CustomerType } & Record<string, unknown>;

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  return true;
}

/** The fields of `required` (a currency's providerRequiredCustomerFields) the customer lacks, in given order. */
export function missingProviderRequiredFields(
  customer: CustomerLike,
  required: readonly UserInfoFieldName[],
): UserInfoFieldName[] {
  const missing: UserInfoFieldName[] = [];
  for (const field of required) {
    if (missing.includes(field)) continue;
    const path = customerPathsByUserInfoField[field][customer.customerType];
    if (path !== null && !isPresent(valueAt(customer, path))) missing.push(field);
  }
  return missing;
}
