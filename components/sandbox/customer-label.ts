import type { Customer } from "@/shared/contract";

/** How a customer is named in a picker: their name, then the platform's own id for them. */
export function customerLabel(customer: Customer): string {
  const name = customer.customerType === "INDIVIDUAL" ? customer.fullName : customer.businessInfo?.legalName;
  return name ? `${name} · ${customer.platformCustomerId}` : customer.platformCustomerId;
}
