import { describe, expect, it } from "vitest";
import { bulkCustomerCsvColumns } from "@/shared/contract";
import { writeCsv } from "./csv-write";
import { bulkJobErrorsCsv } from "./job-errors";
import { previewBulkCustomerCsv } from "./preview";
import { bulkCustomerCsvTemplate } from "./template";

const BUSINESS = {
  platformCustomerId: "biz-1",
  customerType: "BUSINESS",
  businessLegalName: "Acme Holdings Ltd",
  addressLine1: "1 Main St",
  city: "Austin",
  state: "TX",
  postalCode: "73301",
  country: "US",
  accountType: "US_ACCOUNT",
  accountNumber: "123456789",
  routingNumber: "021000021",
  accountCategory: "CHECKING",
  bankName: "Chase",
};

const { businessLegalName: _legalName, ...ADDRESS_AND_BANK } = BUSINESS;
const INDIVIDUAL = {
  ...ADDRESS_AND_BANK,
  platformCustomerId: "ind-1",
  customerType: "INDIVIDUAL",
  fullName: "Jane Doe",
  birthDate: "1988-07-14",
};

function csv(rows: Record<string, string>[], columns: readonly string[] = bulkCustomerCsvColumns): string {
  return writeCsv([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ""))]);
}

describe("previewBulkCustomerCsv", () => {
  it("accepts the downloadable template as it is", () => {
    const preview = previewBulkCustomerCsv(bulkCustomerCsvTemplate());
    expect(preview.headerIssues).toEqual([]);
    expect(preview.rows.map((row) => row.issues)).toEqual([[], []]);
    expect(preview.validCount).toBe(2);
  });

  it("marks each bad cell by its column, with the contract's message, and numbers rows like the service", () => {
    const preview = previewBulkCustomerCsv(
      csv([
        BUSINESS,
        { ...BUSINESS, platformCustomerId: "biz-2", routingNumber: "123456789", country: "XX" },
        { ...BUSINESS, platformCustomerId: "", customerType: "PERSON" },
      ]),
    );
    expect(preview.validCount).toBe(1);
    expect(preview.invalidCount).toBe(2);
    const second = preview.rows[1];
    expect(second?.correlationId).toBe("biz-2");
    expect(second?.issues).toEqual(
      expect.arrayContaining([
        { column: "routingNumber", message: "This routing number fails the ABA checksum" },
        expect.objectContaining({ column: "country" }),
      ]),
    );
    const third = preview.rows[2];
    expect(third?.correlationId).toBe("row_3");
    expect(third?.issues).toEqual(
      expect.arrayContaining([
        { column: "customerType", message: "Must be INDIVIDUAL or BUSINESS" },
        { column: "platformCustomerId", message: "Required" },
      ]),
    );
  });

  it("names the platform customer ids several rows give, each of which would be a customer of its own", () => {
    const preview = previewBulkCustomerCsv(
      csv([
        BUSINESS,
        INDIVIDUAL,
        { ...BUSINESS, businessLegalName: "Acme Again" },
        { ...INDIVIDUAL },
        BUSINESS,
      ]),
    );
    expect(preview.repeatedIds).toEqual([
      { id: "biz-1", rowNumbers: [1, 3, 5] },
      { id: "ind-1", rowNumbers: [2, 4] },
    ]);
    expect(previewBulkCustomerCsv(csv([BUSINESS, INDIVIDUAL])).repeatedIds).toEqual([]);
  });

  it("marks each row that repeats an earlier row's id with that row, as the service imports it as another customer", () => {
    const preview = previewBulkCustomerCsv(
      csv([
        BUSINESS,
        INDIVIDUAL,
        { ...BUSINESS, businessLegalName: "Acme Again" },
        { ...INDIVIDUAL },
        BUSINESS,
      ]),
    );
    expect(preview.rows.map((row) => row.repeatsRow)).toEqual([undefined, undefined, 1, 2, 1]);
    // Accepted by the service, so still valid: a warning, not a refusal.
    expect(preview.validCount).toBe(5);
  });

  it("refuses a value in a column that does not apply to the row, as the service does", () => {
    const preview = previewBulkCustomerCsv(csv([{ ...BUSINESS, fullName: "Jane Doe", clabeNumber: "1" }]));
    expect(preview.rows[0]?.issues).toEqual([
      { column: "fullName", message: "Leave empty for BUSINESS customers" },
      { column: "clabeNumber", message: "Leave empty for US_ACCOUNT accounts" },
    ]);
  });

  it("flags a row whose cell count differs from the header's", () => {
    const preview = previewBulkCustomerCsv("platformCustomerId,customerType,accountType\nx,BUSINESS\n");
    expect(preview.rows[0]?.issues).toEqual([
      { column: "row", message: "The row has 2 cells; the header has 3" },
    ]);
  });

  it("applies the fields required by the currency of each row's bank account, and only those", () => {
    const currencies = [
      { currencyCode: "USD", providerRequiredCustomerFields: ["FULL_NAME", "BIRTH_DATE", "ADDRESS"] },
      { currencyCode: "MXN", providerRequiredCustomerFields: ["FULL_NAME", "NATIONALITY", "TAX_ID"] },
      { currencyCode: "EUR", providerRequiredCustomerFields: ["FULL_NAME", "NATIONALITY"] },
    ];
    // The template's individual banks in USD, its business in MXN (CLABE).
    const preview = previewBulkCustomerCsv(bulkCustomerCsvTemplate(), { currencies });
    expect(preview.rows.map((row) => row.issues)).toEqual([[], []]);
    const mexicanBusiness = {
      ...BUSINESS,
      accountType: "CLABE",
      accountNumber: "n/a",
      clabeNumber: "032180000118359719",
      routingNumber: "",
      accountCategory: "",
    };
    // A business has no nationality; its TAX_ID is asked for only because the account is in MXN.
    expect(previewBulkCustomerCsv(csv([BUSINESS]), { currencies }).rows[0]?.issues).toEqual([]);
    const noTaxId = previewBulkCustomerCsv(csv([mexicanBusiness]), { currencies });
    expect(noTaxId.rows[0]?.issues).toEqual([
      { column: "businessTaxId", message: "Required for MXN (TAX_ID)" },
    ]);
    const euroIndividual = {
      ...INDIVIDUAL,
      accountType: "IBAN",
      iban: "DE89370400440532013000",
      swiftBic: "COBADEFF",
      routingNumber: "",
      accountCategory: "",
    };
    const noNationality = previewBulkCustomerCsv(csv([euroIndividual]), { currencies });
    expect(noNationality.rows[0]?.issues).toEqual([
      { column: "nationality", message: "Required for EUR (NATIONALITY)" },
    ]);
    const withNationality = previewBulkCustomerCsv(csv([{ ...euroIndividual, nationality: "DE" }]), {
      currencies,
    });
    expect(withNationality.rows[0]?.issues).toEqual([]);
  });

  it("accepts the reference's umaAddress column", () => {
    const preview = previewBulkCustomerCsv(csv([{ ...INDIVIDUAL, umaAddress: "$jane@uma.example" }]));
    expect(preview.headerIssues).toEqual([]);
    expect(preview.rows[0]?.issues).toEqual([]);
  });

  it("reports missing, duplicate and unknown columns once, for the whole file", () => {
    const preview = previewBulkCustomerCsv("platformCustomerId,nickname,nickname\na,b,c\n");
    expect(preview.headerIssues).toEqual([
      "The column customerType is missing; every row needs it.",
      "The column accountType is missing; every row needs it.",
      "The column nickname is not part of the format; its cells must stay empty.",
      "The column nickname appears twice; the last one is used.",
      "The column nickname is not part of the format; its cells must stay empty.",
    ]);
  });

  it("checks only the first rows, and only whole lines of a file's beginning", () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({
      ...BUSINESS,
      platformCustomerId: `b-${index}`,
    }));
    const text = csv(rows);
    const preview = previewBulkCustomerCsv(text, { maxRows: 5 });
    expect(preview.rows).toHaveLength(5);
    expect(preview.moreRows).toBe(true);
    const prefix = previewBulkCustomerCsv(text.slice(0, text.length - 10), { partial: true, maxRows: 100 });
    expect(prefix.rows).toHaveLength(29);
    expect(prefix.invalidCount).toBe(0);
  });

  it("explains an empty or unreadable file", () => {
    expect(previewBulkCustomerCsv("").fileError).toMatch(/empty/);
    expect(previewBulkCustomerCsv('a\n"open\n').fileError).toMatch(/never closed/);
  });
});

describe("bulkJobErrorsCsv", () => {
  it("lists each row error with its fields, and defuses formula-looking input", () => {
    const text = bulkJobErrorsCsv([
      {
        correlationId: "=cmd",
        platformCustomerId: "=cmd",
        error: {
          code: "validation_error",
          message: "routingNumber: This routing number fails the ABA checksum",
          details: {
            fields: [{ path: "routingNumber", message: "This routing number fails the ABA checksum" }],
          },
        },
      },
      { correlationId: "row_4", error: { code: "UMA_ADDRESS_EXISTS", message: "In use" } },
    ]);
    expect(text.split("\r\n")).toEqual([
      "correlationId,platformCustomerId,code,message,fields",
      "'=cmd,'=cmd,validation_error,routingNumber: This routing number fails the ABA checksum,routingNumber: This routing number fails the ABA checksum",
      "row_4,,UMA_ADDRESS_EXISTS,In use,",
      "",
    ]);
  });

  it("says a file separated by semicolons or tabs is, instead of calling its header one unknown column", () => {
    for (const [separator, words] of [
      [";", "semicolons"],
      ["\t", "tabs"],
    ] as const) {
      const text =
        ["platformCustomerId", "customerType", "fullName"].join(separator) +
        "\r\nc-1" +
        separator +
        "INDIVIDUAL" +
        separator +
        "Ana\r\n";
      const preview = previewBulkCustomerCsv(text);
      expect(preview.fileError).toBe(
        `The file's columns are separated by ${words}, not commas: save it as "CSV UTF-8 (Comma delimited)" and choose it again.`,
      );
      expect(preview.rows).toEqual([]);
    }
  });
});
