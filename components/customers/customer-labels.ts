import type { Customer, CustomerType, UserInfoFieldName } from "@/shared/contract";

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  INDIVIDUAL: "Individual",
  BUSINESS: "Business",
};

export const USER_INFO_FIELD_LABELS: Record<UserInfoFieldName, string> = {
  FULL_NAME: "Full name",
  BIRTH_DATE: "Date of birth",
  NATIONALITY: "Nationality",
  ADDRESS: "Address",
  PHONE_NUMBER: "Phone number",
  EMAIL: "Email",
  BUSINESS_NAME: "Legal business name",
  TAX_ID: "Tax ID",
};

/** What a person calls the customer: the name, the legal name, or the platform's own id when neither is known. */
export function customerDisplayName(customer: Customer): string {
  const name = customer.customerType === "INDIVIDUAL" ? customer.fullName : customer.businessInfo?.legalName;
  return name?.trim() ? name : customer.platformCustomerId;
}

/** True when the customer has a name of its own, so the platform id is not shown twice. */
export function hasOwnName(customer: Customer): boolean {
  const name = customer.customerType === "INDIVIDUAL" ? customer.fullName : customer.businessInfo?.legalName;
  return Boolean(name?.trim());
}

/** How an id that names no customer is said, on the customer's page and its edit page (QueryState's notFound). */
export function customerNotFound(customerId: string) {
  return {
    title: "This customer does not exist",
    message: `${customerId} was not found.`,
    back: { href: "/customers", label: "Back to customers" },
  };
}
