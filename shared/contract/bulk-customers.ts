import { z } from "zod";
import { postalCodeSchema } from "./address";
import {
  type BankAccountInfoInput,
  bankNameSchema,
  clabeNumberSchema,
  ibanSchema,
  pixKeyIssue,
  pixKeyTypeSchema,
  platformAccountIdSchema,
  routingNumberSchema,
  swiftBicSchema,
  upiVpaSchema,
  usAccountCategorySchema,
  usAccountNumberSchema,
} from "./bank-account";
import {
  birthDateSchema,
  countryCodeSchema,
  dateTimeSchema,
  emailSchema,
  legalNameSchema,
  nameSchema,
  textSchema,
} from "./common";
import { type CreateCustomerBody, customerTypeSchema, platformCustomerIdSchema } from "./customers";
import { zodIssuesToFieldErrors } from "./errors";
import { umaAddressSchema } from "./uma-address";

export { BULK_CSV_MAX_BYTES } from "./limits";

/** Row errors of a bulk import that come from validation use this code (spec, Errors 2). */
export const BULK_ROW_VALIDATION_ERROR_CODE = "validation_error";

// ---------------------------------------------------------------------------------------------------------
// Job

export const bulkJobStatusSchema = z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]);
export type BulkJobStatus = z.infer<typeof bulkJobStatusSchema>;

/** 202 response of POST /customers/bulk/csv. */
export const bulkCustomerUploadSchema = z.looseObject({
  jobId: z.string(),
  status: bulkJobStatusSchema,
});
export type BulkCustomerUpload = z.infer<typeof bulkCustomerUploadSchema>;

// The spec names a row error's key `platformCustomerId`; the production service sends `correlationId` (that id,
// or `row_<n>` for a row without one). Both are accepted; the local service sends both when the row has an id.
export const bulkCustomerImportErrorSchema = z.looseObject({
  correlationId: z.string().optional(),
  platformCustomerId: z.string().optional(),
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type BulkCustomerImportError = z.infer<typeof bulkCustomerImportErrorSchema>;

export const bulkCustomerImportJobSchema = z.looseObject({
  jobId: z.string(),
  status: bulkJobStatusSchema,
  progress: z.looseObject({
    total: z.int().min(0),
    processed: z.int().min(0),
    successful: z.int().min(0),
    failed: z.int().min(0),
  }),
  errors: z.array(bulkCustomerImportErrorSchema).default([]),
  completedAt: dateTimeSchema.optional(),
});
export type BulkCustomerImportJob = z.infer<typeof bulkCustomerImportJobSchema>;

// ---------------------------------------------------------------------------------------------------------
// CSV row

export const bulkCsvAccountTypeSchema = z.enum(["CLABE", "US_ACCOUNT", "PIX", "IBAN", "UPI"]);
export type BulkCsvAccountType = z.infer<typeof bulkCsvAccountTypeSchema>;

const commonColumns = {
  platformCustomerId: platformCustomerIdSchema,
  // Not in the specification's table; the API's reference lists it. Left empty, the service generates one.
  umaAddress: umaAddressSchema.optional(),
  addressLine1: textSchema(200),
  addressLine2: textSchema(200).optional(),
  city: textSchema(100),
  state: textSchema(100),
  postalCode: postalCodeSchema,
  country: countryCodeSchema,
  bankName: bankNameSchema,
  platformAccountId: platformAccountIdSchema.optional(),
  description: textSchema(1000).optional(),
};

// accountNumber is required for every row by the spec's table, but only US_ACCOUNT has an account-number field;
// for the other types it is checked as text and not carried into bankAccountInfo.
const otherAccountNumber = textSchema(64);

const customerTypeColumns = {
  INDIVIDUAL: {
    fullName: nameSchema,
    birthDate: birthDateSchema,
    // Not in the specification's table: currencies whose provider requires NATIONALITY (EUR, MXN on the demo
    // platform) need it before the customer can transact in them.
    nationality: countryCodeSchema.optional(),
    email: emailSchema.optional(),
  },
  BUSINESS: {
    // As POST /customers takes a business's legal name: "7-Eleven", "AT&T", "Acme (UK) Ltd".
    businessLegalName: legalNameSchema,
    businessRegistrationNumber: textSchema(100).optional(),
    businessTaxId: textSchema(100).optional(),
  },
};

const accountTypeColumns = {
  US_ACCOUNT: {
    accountNumber: usAccountNumberSchema,
    routingNumber: routingNumberSchema,
    accountCategory: usAccountCategorySchema,
  },
  CLABE: { accountNumber: otherAccountNumber, clabeNumber: clabeNumberSchema },
  PIX: { accountNumber: otherAccountNumber, pixKey: textSchema(140), pixKeyType: pixKeyTypeSchema },
  UPI: { accountNumber: otherAccountNumber, vpa: upiVpaSchema },
  IBAN: { accountNumber: otherAccountNumber, iban: ibanSchema, swiftBic: swiftBicSchema },
};

const commonPartSchema = z.object(commonColumns);
const customerPartSchema = z.discriminatedUnion("customerType", [
  z.object({ customerType: z.literal("INDIVIDUAL"), ...customerTypeColumns.INDIVIDUAL }),
  z.object({ customerType: z.literal("BUSINESS"), ...customerTypeColumns.BUSINESS }),
]);
const accountPartSchema = z.discriminatedUnion("accountType", [
  z.object({ accountType: z.literal("US_ACCOUNT"), ...accountTypeColumns.US_ACCOUNT }),
  z.object({ accountType: z.literal("CLABE"), ...accountTypeColumns.CLABE }),
  z.object({ accountType: z.literal("PIX"), ...accountTypeColumns.PIX }),
  z.object({ accountType: z.literal("UPI"), ...accountTypeColumns.UPI }),
  z.object({ accountType: z.literal("IBAN"), ...accountTypeColumns.IBAN }),
]);

export { type BulkCustomerCsvColumn, bulkCustomerCsvColumns } from "./bulk-customer-columns";

export type BulkCustomerCsvRow = {
  customer: CreateCustomerBody;
  /** Individuals only; the API has no customer field for it, so the importer may keep it aside. */
  email?: string;
  description?: string;
};

type Issue = { path: string[]; message: string };

function columnIssues(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

// Column rules of the bulk CSV: the required set depends on customerType, the extras on accountType, and a value
// in a column that does not apply to the row is refused (as the strict JSON bodies do) rather than dropped.
function validateRow(row: Record<string, string>): { issues: Issue[]; value?: BulkCustomerCsvRow } {
  const issues: Issue[] = [];

  const customerType = customerTypeSchema.safeParse(row.customerType);
  if (!customerType.success) {
    issues.push({
      path: ["customerType"],
      message: row.customerType === undefined ? "Required" : "Must be INDIVIDUAL or BUSINESS",
    });
  }
  const accountType = bulkCsvAccountTypeSchema.safeParse(row.accountType);
  if (!accountType.success) {
    issues.push({
      path: ["accountType"],
      message: row.accountType === undefined ? "Required" : "Must be CLABE, US_ACCOUNT, PIX, IBAN or UPI",
    });
  }

  const common = commonPartSchema.safeParse(row);
  if (!common.success) issues.push(...columnIssues(common.error));

  const customerPart = customerType.success ? customerPartSchema.safeParse(row) : undefined;
  if (customerPart && !customerPart.success) issues.push(...columnIssues(customerPart.error));

  const accountPart = accountType.success ? accountPartSchema.safeParse(row) : undefined;
  if (accountPart && !accountPart.success) issues.push(...columnIssues(accountPart.error));
  if (!accountType.success && row.accountNumber === undefined) {
    issues.push({ path: ["accountNumber"], message: "Required" });
  }
  if (accountPart?.success && accountPart.data.accountType === "PIX") {
    const issue = pixKeyIssue(accountPart.data.pixKeyType, accountPart.data.pixKey);
    if (issue !== null) issues.push({ path: ["pixKey"], message: issue });
  }

  for (const column of Object.keys(row)) {
    if (column === "customerType" || column === "accountType" || column in commonColumns) continue;
    const byCustomer = Object.entries(customerTypeColumns).find(([, columns]) => column in columns)?.[0];
    const byAccount = Object.entries(accountTypeColumns).find(([, columns]) => column in columns)?.[0];
    if (byCustomer === undefined && byAccount === undefined) {
      issues.push({ path: [column], message: "Unknown column; leave it empty or remove it" });
      continue;
    }
    const customerOk =
      byCustomer === undefined || !customerType.success || column in customerTypeColumns[customerType.data];
    const accountOk =
      byAccount === undefined || !accountType.success || column in accountTypeColumns[accountType.data];
    if (!customerOk && customerType.success) {
      issues.push({ path: [column], message: `Leave empty for ${customerType.data} customers` });
    } else if (!accountOk && accountType.success) {
      issues.push({ path: [column], message: `Leave empty for ${accountType.data} accounts` });
    }
  }

  if (issues.length > 0 || !common.success || !customerPart?.success || !accountPart?.success) {
    return { issues };
  }

  const c = common.data;
  const platformAccount = c.platformAccountId === undefined ? {} : { platformAccountId: c.platformAccountId };
  const a = accountPart.data;
  let bankAccountInfo: BankAccountInfoInput;
  switch (a.accountType) {
    case "US_ACCOUNT":
      bankAccountInfo = {
        accountType: a.accountType,
        accountNumber: a.accountNumber,
        routingNumber: a.routingNumber,
        accountCategory: a.accountCategory,
        bankName: c.bankName,
        ...platformAccount,
      };
      break;
    case "CLABE":
      bankAccountInfo = {
        accountType: a.accountType,
        clabeNumber: a.clabeNumber,
        bankName: c.bankName,
        ...platformAccount,
      };
      break;
    case "PIX":
      bankAccountInfo = {
        accountType: a.accountType,
        pixKey: a.pixKey,
        pixKeyType: a.pixKeyType,
        ...platformAccount,
      };
      break;
    case "UPI":
      bankAccountInfo = { accountType: a.accountType, vpa: a.vpa, ...platformAccount };
      break;
    case "IBAN":
      bankAccountInfo = {
        accountType: a.accountType,
        iban: a.iban,
        swiftBic: a.swiftBic,
        bankName: c.bankName,
        ...platformAccount,
      };
      break;
  }

  const address = {
    line1: c.addressLine1,
    ...(c.addressLine2 === undefined ? {} : { line2: c.addressLine2 }),
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    country: c.country,
  };
  const description = c.description === undefined ? {} : { description: c.description };
  const umaAddress = c.umaAddress === undefined ? {} : { umaAddress: c.umaAddress };
  const p = customerPart.data;
  if (p.customerType === "INDIVIDUAL") {
    return {
      issues,
      value: {
        customer: {
          customerType: "INDIVIDUAL",
          platformCustomerId: c.platformCustomerId,
          ...umaAddress,
          fullName: p.fullName,
          birthDate: p.birthDate,
          ...(p.nationality === undefined ? {} : { nationality: p.nationality }),
          address,
          bankAccountInfo,
        },
        ...(p.email === undefined ? {} : { email: p.email }),
        ...description,
      },
    };
  }
  const businessInfo = {
    legalName: p.businessLegalName,
    ...(p.businessRegistrationNumber === undefined
      ? {}
      : { registrationNumber: p.businessRegistrationNumber }),
    ...(p.businessTaxId === undefined ? {} : { taxId: p.businessTaxId }),
  };
  return {
    issues,
    value: {
      customer: {
        customerType: "BUSINESS",
        platformCustomerId: c.platformCustomerId,
        ...umaAddress,
        businessInfo,
        address,
        bankAccountInfo,
      },
      ...description,
    },
  };
}

/** Cells as a CSV parser yields them; surrounding spaces are dropped and an empty cell means the value is absent. */
function presentCells(row: Record<string, string>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(row)) {
    const trimmed = value.trim();
    if (trimmed.length > 0) cells[column.trim()] = trimmed;
  }
  return cells;
}

/**
 * One data row of the bulk customer CSV (header name → cell text) → the POST /customers body it stands for.
 * Issues carry the column name as their path so a preview can mark the cell. Shared by the service's importer
 * and the console's preview, so both accept and refuse exactly the same rows.
 */
export const bulkCustomerCsvRowSchema = z.record(z.string(), z.string()).transform((row, ctx) => {
  const result = validateRow(presentCells(row));
  for (const issue of result.issues) {
    ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: row });
  }
  return result.value ?? z.NEVER;
});

/** A row's correlationId: its platformCustomerId, or `row_<n>` with n the 1-based data row (header excluded). */
export function bulkRowCorrelationId(row: Record<string, string>, rowNumber: number): string {
  const id = row.platformCustomerId?.trim();
  return id ? id : `row_${rowNumber}`;
}

/** The job's error entry for a row that failed bulkCustomerCsvRowSchema. */
export function bulkRowValidationError(
  row: Record<string, string>,
  rowNumber: number,
  error: z.ZodError,
): BulkCustomerImportError {
  const platformCustomerId = row.platformCustomerId?.trim();
  const details = zodIssuesToFieldErrors(error);
  const first = details.fields[0];
  return {
    correlationId: bulkRowCorrelationId(row, rowNumber),
    ...(platformCustomerId ? { platformCustomerId } : {}),
    error: {
      code: BULK_ROW_VALIDATION_ERROR_CODE,
      message: first ? `${first.path || "row"}: ${first.message}` : "Invalid row",
      details,
    },
  };
}
