import { describe, expect, it } from "vitest";
import {
  BULK_ROW_VALIDATION_ERROR_CODE,
  bulkCustomerCsvColumns,
  bulkCustomerCsvRowSchema,
  bulkCustomerImportJobSchema,
  bulkCustomerUploadSchema,
  bulkJobStatusSchema,
  bulkRowCorrelationId,
  bulkRowValidationError,
} from "./bulk-customers";
import { createCustomerBodySchema } from "./customers";

/** A full CSV row as a parser yields it: every column of the header present, empty where unused. */
function row(cells: Record<string, string>): Record<string, string> {
  const base = Object.fromEntries(bulkCustomerCsvColumns.map((c) => [c, ""]));
  return { ...base, ...cells };
}

const individualCells = {
  platformCustomerId: "cust-1",
  customerType: "INDIVIDUAL",
  fullName: "Ada Lovelace",
  birthDate: "1990-01-31",
  addressLine1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  country: "US",
  bankName: "Some Bank",
};

const businessCells = {
  platformCustomerId: "biz-1",
  customerType: "BUSINESS",
  businessLegalName: "Acme Widgets, Inc.",
  addressLine1: "5 Industrial Way",
  city: "Monterrey",
  state: "NL",
  postalCode: "64000",
  country: "MX",
  bankName: "IXE Banco",
};

const accountCells = {
  US_ACCOUNT: {
    accountType: "US_ACCOUNT",
    accountNumber: "123456789",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
  },
  CLABE: { accountType: "CLABE", accountNumber: "00011835971", clabeNumber: "032180000118359719" },
  PIX: { accountType: "PIX", accountNumber: "1", pixKey: "29537995593", pixKeyType: "CPF" },
  UPI: { accountType: "UPI", accountNumber: "1", vpa: "ravi@ybl" },
  IBAN: {
    accountType: "IBAN",
    accountNumber: "1",
    iban: "DE89 3704 0044 0532 0130 00",
    swiftBic: "COBADEFF",
  },
};

const badAccountCells = {
  US_ACCOUNT: [{ routingNumber: "021000022" }, "routingNumber"],
  CLABE: [{ clabeNumber: "032180000118359718" }, "clabeNumber"],
  PIX: [{ pixKey: "29537995594" }, "pixKey"],
  UPI: [{ vpa: "ravi" }, "vpa"],
  IBAN: [{ iban: "DE89370400440532013001" }, "iban"],
} as const;

function issuesOf(input: Record<string, string>) {
  const result = bulkCustomerCsvRowSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("bulkCustomerCsvRowSchema", () => {
  it.each(Object.keys(accountCells) as (keyof typeof accountCells)[])(
    "turns a good %s row of each customer type into a valid POST /customers body",
    (accountType) => {
      for (const cells of [individualCells, businessCells]) {
        const parsed = bulkCustomerCsvRowSchema.parse(row({ ...cells, ...accountCells[accountType] }));
        expect(parsed.customer.bankAccountInfo?.accountType).toBe(accountType);
        expect(createCustomerBodySchema.safeParse(parsed.customer).success).toBe(true);
      }
    },
  );

  it.each(Object.keys(badAccountCells) as (keyof typeof badAccountCells)[])(
    "refuses a %s row with a wrong check digit, on that column",
    (accountType) => {
      const [override, column] = badAccountCells[accountType];
      const issues = issuesOf(row({ ...individualCells, ...accountCells[accountType], ...override }));
      expect(issues.map((i) => i.path)).toEqual([column]);
    },
  );

  it("maps an individual row field by field", () => {
    const parsed = bulkCustomerCsvRowSchema.parse(
      row({
        ...individualCells,
        ...accountCells.US_ACCOUNT,
        addressLine2: "Apt 2",
        platformAccountId: "acct-9",
        email: "ada@example.com",
        description: "imported",
      }),
    );
    expect(parsed).toEqual({
      customer: {
        customerType: "INDIVIDUAL",
        platformCustomerId: "cust-1",
        fullName: "Ada Lovelace",
        birthDate: "1990-01-31",
        address: {
          line1: "1 Main St",
          line2: "Apt 2",
          city: "Springfield",
          state: "IL",
          postalCode: "62701",
          country: "US",
        },
        bankAccountInfo: {
          accountType: "US_ACCOUNT",
          accountNumber: "123456789",
          routingNumber: "021000021",
          accountCategory: "CHECKING",
          bankName: "Some Bank",
          platformAccountId: "acct-9",
        },
      },
      email: "ada@example.com",
      description: "imported",
    });
  });

  it("maps a business row and normalises the IBAN", () => {
    const parsed = bulkCustomerCsvRowSchema.parse(
      row({
        ...businessCells,
        ...accountCells.IBAN,
        businessRegistrationNumber: "R-1",
        businessTaxId: "T-2",
      }),
    );
    expect(parsed.customer).toEqual({
      customerType: "BUSINESS",
      platformCustomerId: "biz-1",
      businessInfo: { legalName: "Acme Widgets, Inc.", registrationNumber: "R-1", taxId: "T-2" },
      address: {
        line1: "5 Industrial Way",
        city: "Monterrey",
        state: "NL",
        postalCode: "64000",
        country: "MX",
      },
      bankAccountInfo: {
        accountType: "IBAN",
        iban: "DE89370400440532013000",
        swiftBic: "COBADEFF",
        bankName: "IXE Banco",
      },
    });
  });

  it("takes a business's legal name as POST /customers does: digits, ampersands and brackets, no markup", () => {
    for (const legalName of ["7-Eleven", "AT&T", "Acme (UK) Ltd", "A/S Nordisk"]) {
      const cells = row({ ...businessCells, ...accountCells.IBAN, businessLegalName: legalName });
      expect(bulkCustomerCsvRowSchema.parse(cells).customer).toMatchObject({ businessInfo: { legalName } });
      expect(
        createCustomerBodySchema.safeParse({
          customerType: "BUSINESS",
          platformCustomerId: "b",
          businessInfo: { legalName },
        }).success,
      ).toBe(true);
    }
    const markup = row({ ...businessCells, ...accountCells.IBAN, businessLegalName: "Acme <b>Ltd</b>" });
    expect(bulkCustomerCsvRowSchema.safeParse(markup).success).toBe(false);
  });

  it("trims cells and treats blank cells as absent", () => {
    const parsed = bulkCustomerCsvRowSchema.parse(
      row({ ...individualCells, ...accountCells.UPI, fullName: "  Ada Lovelace ", addressLine2: "   " }),
    );
    expect(parsed.customer).toMatchObject({ fullName: "Ada Lovelace" });
    expect(parsed.customer.address).not.toHaveProperty("line2");
  });

  it("requires the individual columns", () => {
    const issues = issuesOf(row({ ...individualCells, ...accountCells.CLABE, fullName: "", birthDate: "" }));
    expect(issues).toEqual([
      { path: "fullName", message: "Required" },
      { path: "birthDate", message: "Required" },
    ]);
  });

  it("requires the business columns", () => {
    const issues = issuesOf(row({ ...businessCells, ...accountCells.CLABE, businessLegalName: "" }));
    expect(issues).toEqual([{ path: "businessLegalName", message: "Required" }]);
  });

  it("requires the address columns, state included, and the account columns", () => {
    const issues = issuesOf(
      row({
        ...individualCells,
        ...accountCells.CLABE,
        state: "",
        addressLine1: "",
        accountNumber: "",
        bankName: "",
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(["accountNumber", "addressLine1", "bankName", "state"]);
  });

  it("requires the extras of each account type", () => {
    expect(
      issuesOf(row({ ...individualCells, accountType: "US_ACCOUNT", accountNumber: "123456789" })).map(
        (i) => i.path,
      ),
    ).toEqual(["routingNumber", "accountCategory"]);
    expect(
      issuesOf(row({ ...individualCells, accountType: "CLABE", accountNumber: "1" })).map((i) => i.path),
    ).toEqual(["clabeNumber"]);
    expect(
      issuesOf(row({ ...individualCells, accountType: "PIX", accountNumber: "1" })).map((i) => i.path),
    ).toEqual(["pixKey", "pixKeyType"]);
    expect(
      issuesOf(row({ ...individualCells, accountType: "UPI", accountNumber: "1" })).map((i) => i.path),
    ).toEqual(["vpa"]);
    // swiftBic is optional in JSON but required in the CSV.
    expect(
      issuesOf(row({ ...individualCells, ...accountCells.IBAN, swiftBic: "" })).map((i) => i.path),
    ).toEqual(["swiftBic"]);
  });

  it("checks US account numbers as 4 to 17 digits but other types' accountNumber only as text", () => {
    expect(
      issuesOf(row({ ...individualCells, ...accountCells.US_ACCOUNT, accountNumber: "12" })).map(
        (i) => i.path,
      ),
    ).toEqual(["accountNumber"]);
    expect(issuesOf(row({ ...individualCells, ...accountCells.CLABE, accountNumber: "ABC-12" }))).toEqual([]);
  });

  it("refuses FBO and unknown account types and customer types", () => {
    expect(issuesOf(row({ ...individualCells, accountType: "FBO", accountNumber: "1" }))).toEqual([
      { path: "accountType", message: "Must be CLABE, US_ACCOUNT, PIX, IBAN or UPI" },
    ]);
    expect(issuesOf(row({ ...individualCells, ...accountCells.UPI, customerType: "individual" }))).toEqual([
      { path: "customerType", message: "Must be INDIVIDUAL or BUSINESS" },
    ]);
    expect(issuesOf(row({ ...individualCells, ...accountCells.UPI, customerType: "" }))).toEqual([
      { path: "customerType", message: "Required" },
    ]);
  });

  it("refuses values in columns that do not apply to the row", () => {
    expect(issuesOf(row({ ...individualCells, ...accountCells.UPI, businessTaxId: "T-1" }))).toEqual([
      { path: "businessTaxId", message: "Leave empty for INDIVIDUAL customers" },
    ]);
    expect(issuesOf(row({ ...businessCells, ...accountCells.UPI, email: "a@b.co" }))).toEqual([
      { path: "email", message: "Leave empty for BUSINESS customers" },
    ]);
    expect(
      issuesOf(row({ ...individualCells, ...accountCells.UPI, iban: "DE89370400440532013000" })),
    ).toEqual([{ path: "iban", message: "Leave empty for UPI accounts" }]);
    expect(issuesOf({ ...row({ ...individualCells, ...accountCells.UPI }), nickname: "x" })).toEqual([
      { path: "nickname", message: "Unknown column; leave it empty or remove it" },
    ]);
    expect(
      bulkCustomerCsvRowSchema.safeParse({ ...row({ ...individualCells, ...accountCells.UPI }), notes: "" })
        .success,
    ).toBe(true);
  });

  it("validates formats of shared columns", () => {
    const issues = issuesOf(
      row({
        ...individualCells,
        ...accountCells.UPI,
        birthDate: "1990-02-30",
        country: "USA",
        email: "nope",
        fullName: "R2-D2",
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(["birthDate", "country", "email", "fullName"]);
  });

  it("reports all problems of a row at once, even when the account type is wrong", () => {
    const issues = issuesOf(
      row({ ...individualCells, accountType: "WIRE", accountNumber: "1", fullName: "", country: "" }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(["accountType", "country", "fullName"]);
  });

  it("refuses non-string cells", () => {
    expect(bulkCustomerCsvRowSchema.safeParse({ platformCustomerId: 5 }).success).toBe(false);
  });
});

describe("row errors", () => {
  it("correlates by platformCustomerId, else by 1-based row number", () => {
    expect(bulkRowCorrelationId({ platformCustomerId: " c-1 " }, 3)).toBe("c-1");
    expect(bulkRowCorrelationId({ platformCustomerId: "" }, 3)).toBe("row_3");
    expect(bulkRowCorrelationId({}, 7)).toBe("row_7");
  });

  it("builds a validation_error entry with field details", () => {
    const input = row({ ...individualCells, ...accountCells.CLABE, clabeNumber: "1" });
    const result = bulkCustomerCsvRowSchema.safeParse(input);
    if (result.success) throw new Error("expected a failure");
    const entry = bulkRowValidationError(input, 2, result.error);
    expect(entry).toEqual({
      correlationId: "cust-1",
      platformCustomerId: "cust-1",
      error: {
        code: BULK_ROW_VALIDATION_ERROR_CODE,
        message: "clabeNumber: A CLABE is exactly 18 digits",
        details: { fields: [{ path: "clabeNumber", message: "A CLABE is exactly 18 digits" }] },
      },
    });
    expect(BULK_ROW_VALIDATION_ERROR_CODE).toBe("validation_error");
  });
});

describe("job schemas", () => {
  it("upload response is {jobId, status}", () => {
    expect(bulkCustomerUploadSchema.parse({ jobId: "Job:1", status: "PENDING" })).toEqual({
      jobId: "Job:1",
      status: "PENDING",
    });
    expect(bulkCustomerUploadSchema.safeParse({ jobId: "Job:1", status: "QUEUED" }).success).toBe(false);
  });

  it("job object keeps unknown fields, accepts both error keys and completedAt", () => {
    const job = {
      jobId: "Job:1",
      status: "COMPLETED",
      progress: { total: 3, processed: 3, successful: 1, failed: 2 },
      errors: [
        {
          correlationId: "row_2",
          error: { code: "validation_error", message: "bad", details: { fields: [] } },
        },
        { platformCustomerId: "c-3", error: { code: "UMA_ADDRESS_EXISTS", message: "taken" } },
      ],
      completedAt: "2025-01-01T00:00:00Z",
      fileName: "customers.csv",
    };
    expect(bulkCustomerImportJobSchema.parse(job)).toEqual(job);
  });

  it("job object refuses negative progress and unknown status", () => {
    const job = {
      jobId: "Job:1",
      status: "PROCESSING",
      progress: { total: 1, processed: -1, successful: 0, failed: 0 },
    };
    expect(bulkCustomerImportJobSchema.safeParse(job).success).toBe(false);
    expect(bulkJobStatusSchema.options).toEqual(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]);
    expect(
      bulkCustomerImportJobSchema.parse({
        ...job,
        progress: { total: 1, processed: 0, successful: 0, failed: 0 },
      }).errors,
    ).toEqual([]);
  });
});
