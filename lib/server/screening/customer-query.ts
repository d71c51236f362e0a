import "server-only";
import type { ScreeningQuery } from "../../universal/screening/types";
import { queryOfCounterparty } from "./screen-subject";

/** A customer as the payment API answers it, as far as screening reads it. */
export type ScreenedCustomer = {
  id?: unknown;
  customerType?: unknown;
  fullName?: unknown;
  birthDate?: unknown;
  nationality?: unknown;
  businessInfo?: { legalName?: unknown } | null;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * What screening reads of a customer: the person's name and a business's legal name (every name the customer has;
 * a sole trader's legal name is a person's), birth date and nationality.
 */
export function queryOfCustomer(customer: ScreenedCustomer): ScreeningQuery | null {
  const info: Record<string, string> = {};
  const fullName = text(customer.fullName);
  const legalName = text(customer.businessInfo?.legalName);
  if (fullName) info.FULL_NAME = fullName;
  if (legalName) info.BUSINESS_NAME = legalName;
  const birthDate = text(customer.birthDate);
  const nationality = text(customer.nationality);
  if (birthDate) info.BIRTH_DATE = birthDate;
  if (nationality) info.NATIONALITY = nationality;
  return queryOfCounterparty(info);
}

/** The customer's id, when the answer names one. */
export const customerIdOf = (customer: ScreenedCustomer): string | undefined => text(customer.id);
