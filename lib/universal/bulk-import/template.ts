import { type BulkCustomerCsvColumn, bulkCustomerCsvColumns } from "@/shared/contract/bulk-customer-columns";
import { writeCsv } from "./csv-write";

/** Example rows that pass the contract's row rules: one per customer type, on two different rails. */
const EXAMPLES: Partial<Record<BulkCustomerCsvColumn, string>>[] = [
  {
    platformCustomerId: "cust-0001",
    customerType: "INDIVIDUAL",
    fullName: "Jane Doe",
    birthDate: "1988-07-14",
    nationality: "US",
    email: "jane.doe@example.com",
    addressLine1: "350 Fifth Avenue",
    addressLine2: "Suite 4100",
    city: "New York",
    state: "NY",
    postalCode: "10118",
    country: "US",
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    bankName: "Chase",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
    description: "Imported from the CRM",
  },
  {
    platformCustomerId: "cust-0002",
    customerType: "BUSINESS",
    businessLegalName: "Comercializadora Norte S.A. de C.V.",
    businessRegistrationNumber: "RPC-123456",
    businessTaxId: "CNO010101AB1",
    addressLine1: "Av. Paseo de la Reforma 222",
    city: "Ciudad de México",
    state: "CDMX",
    postalCode: "06600",
    country: "MX",
    accountType: "CLABE",
    accountNumber: "0118359719",
    bankName: "BBVA México",
    clabeNumber: "032180000118359719",
  },
];

/** The downloadable template: every column of the format, in the contract's order, with one example per type. */
export function bulkCustomerCsvTemplate(): string {
  return writeCsv([
    [...bulkCustomerCsvColumns],
    ...EXAMPLES.map((example) => bulkCustomerCsvColumns.map((column) => example[column] ?? "")),
  ]);
}
