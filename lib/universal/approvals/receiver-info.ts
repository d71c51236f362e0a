import type { Customer } from "../../../shared/contract";
import { type UserInfoFieldName, userInfoFieldNames } from "../../../shared/contract/user-info-fields";

export interface RequestedField {
  name: string;
  mandatory: boolean;
}

interface FieldPresentation {
  label: string;
  type: "text" | "date" | "email" | "tel";
  autoComplete?: string;
  description?: string;
}

export const RECEIVER_FIELD_PRESENTATION: Record<UserInfoFieldName, FieldPresentation> = {
  FULL_NAME: { label: "Full legal name", type: "text", autoComplete: "off" },
  BIRTH_DATE: { label: "Date of birth", type: "date" },
  NATIONALITY: { label: "Nationality", type: "text", description: "Two-letter country code, e.g. MX" },
  ADDRESS: { label: "Address", type: "text", description: "Street, city, postal code and country" },
  PHONE_NUMBER: { label: "Phone number", type: "tel", description: "With country code, e.g. +5215512345678" },
  EMAIL: { label: "Email", type: "email" },
  BUSINESS_NAME: { label: "Legal business name", type: "text" },
  TAX_ID: { label: "Tax ID", type: "text" },
};

const isKnownField = (name: string): name is UserInfoFieldName =>
  (userInfoFieldNames as readonly string[]).includes(name);

/** The fields of the approval form: the ones the sender's side asked about our recipient that the API knows. */
export function approvalFormFields(
  requested: readonly RequestedField[],
): { name: UserInfoFieldName; mandatory: boolean }[] {
  return requested.filter((field): field is { name: UserInfoFieldName; mandatory: boolean } =>
    isKnownField(field.name),
  );
}

function formatAddress(address: Record<string, unknown> | undefined): string | undefined {
  if (!address) return undefined;
  const parts = ["line1", "line2", "city", "state", "postalCode", "country"]
    .map((key) => address[key])
    .filter((value): value is string => typeof value === "string" && value.trim() !== "");
  return parts.length ? parts.join(", ") : undefined;
}

/** Values the customer record already holds, so the officer confirms rather than retypes them. */
export function prefillReceiverInfo(
  fields: readonly { name: UserInfoFieldName }[],
  customer: Customer | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) values[field.name] = "";
  if (!customer) return values;
  const business = customer.customerType === "BUSINESS" ? customer.businessInfo : undefined;
  const known: Partial<Record<UserInfoFieldName, string | undefined>> = {
    FULL_NAME: customer.customerType === "INDIVIDUAL" ? customer.fullName : business?.legalName,
    BUSINESS_NAME: business?.legalName,
    TAX_ID: business?.taxId,
    BIRTH_DATE: customer.customerType === "INDIVIDUAL" ? customer.birthDate : undefined,
    NATIONALITY: customer.customerType === "INDIVIDUAL" ? customer.nationality : undefined,
    ADDRESS: formatAddress(customer.address as Record<string, unknown> | undefined),
  };
  for (const field of fields) {
    const value = known[field.name];
    if (value) values[field.name] = value;
  }
  return values;
}

/** Drops empty values, leaving what goes into `receiverCustomerInfo`. */
export function toReceiverCustomerInfo(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
