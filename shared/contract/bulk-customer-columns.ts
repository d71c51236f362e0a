/** The bulk customer CSV's columns, without zod: the import page offers the template before loading any schema. */
/** Every column the spec's CSV table names, in a sensible template order. */
export const bulkCustomerCsvColumns = [
  "platformCustomerId",
  "customerType",
  "umaAddress",
  "fullName",
  "birthDate",
  "nationality",
  "email",
  "businessLegalName",
  "businessRegistrationNumber",
  "businessTaxId",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
  "accountType",
  "accountNumber",
  "bankName",
  "platformAccountId",
  "routingNumber",
  "accountCategory",
  "clabeNumber",
  "pixKey",
  "pixKeyType",
  "vpa",
  "iban",
  "swiftBic",
  "description",
] as const;
export type BulkCustomerCsvColumn = (typeof bulkCustomerCsvColumns)[number];

/**
 * How the CSV is read, as csv-parse options, by the service's import and by the import page's preview (csv-parse's
 * browser build), so both read a file the same way: a leading BOM dropped, rows of any length (the row-shape check
 * reports them), empty lines and records whose cells are all empty skipped, and a record of at most a million
 * characters, so an unclosed quote cannot swallow a 100 MB file.
 */
export const bulkCustomerCsvParseOptions = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  max_record_size: 1_000_000,
} as const;
