import { describe, expect, it } from "vitest";
import type { BulkCustomerImportError } from "@/shared/contract";
import { readCsv } from "./csv-read";
import { writeCsv } from "./csv-write";
import { failedRowsCsv } from "./failed-rows";

const HEADER = [
  "platformCustomerId",
  "customerType",
  "businessLegalName",
  "addressLine1",
  "city",
  "state",
  "postalCode",
  "country",
  "accountType",
  "accountNumber",
  "bankName",
  "routingNumber",
  "accountCategory",
];
const good = (id: string, name = "Acme Ltd") => [
  id,
  "BUSINESS",
  name,
  "1 Main St",
  "Austin",
  "TX",
  "73301",
  "US",
  "US_ACCOUNT",
  "123456789",
  "Chase",
  "021000021",
  "CHECKING",
];
const badRouting = (id: string, name = "Bad Bank Ltd") => good(id, name).with(11, "123456789");

const validation = (id: string | undefined, rowNumber: number): BulkCustomerImportError => ({
  correlationId: id ?? `row_${rowNumber}`,
  ...(id ? { platformCustomerId: id } : {}),
  error: {
    code: "validation_error",
    message: "routingNumber: This routing number fails the ABA checksum",
    details: { fields: [{ path: "routingNumber", message: "This routing number fails the ABA checksum" }] },
  },
});

describe("failedRowsCsv", () => {
  it("hands back the file's header and each failed row's own cells, with its error in a last column", () => {
    const text = writeCsv([
      HEADER,
      good("a"),
      badRouting("b", 'Comma, Quote "Ltd"'),
      good("c"),
      badRouting("", "No Id Ltd"),
    ]);
    const failed = failedRowsCsv(text, [validation("b", 2), validation(undefined, 4)]);
    expect(failed.rowCount).toBe(2);
    expect(failed.unmatched).toEqual([]);
    const error = "routingNumber: This routing number fails the ABA checksum";
    expect(readCsv(failed.csv).records).toEqual([
      [...HEADER, "error"],
      [...badRouting("b", 'Comma, Quote "Ltd"'), error],
      [...badRouting("", "No Id Ltd"), error],
    ]);
  });

  it("defuses cells a spreadsheet would run as formulas, and pads a short row so its error stays in the last column", () => {
    const text = writeCsv([HEADER, badRouting("=HYPERLINK(1)", "@SUM(1)"), ["short", "BUSINESS"]]);
    const failed = failedRowsCsv(text, [
      validation("=HYPERLINK(1)", 1),
      {
        correlationId: "short",
        platformCustomerId: "short",
        error: { code: "validation_error", message: "The row has 2 cells; the header has 13" },
      },
    ]);
    const [, first, second] = readCsv(failed.csv).records;
    expect(first?.[0]).toBe("'=HYPERLINK(1)");
    expect(first?.[2]).toBe("'@SUM(1)");
    expect(second).toHaveLength(HEADER.length + 1);
    expect(second?.at(-1)).toBe("The row has 2 cells; the header has 13");
  });

  it("tells apart the rows that share an id by the preview's rules, and leaves out what those cannot settle", () => {
    const text = writeCsv([
      HEADER,
      good("dup"),
      badRouting("dup"),
      good("dup"),
      good("twin"),
      good("twin"),
      good("row_9"),
    ]);
    const umaTaken: BulkCustomerImportError = {
      correlationId: "twin",
      platformCustomerId: "twin",
      error: { code: "UMA_ADDRESS_EXISTS", message: "In use" },
    };
    // A row whose own id looks like `row_<n>` is found by that id, not taken for row n.
    const failed = failedRowsCsv(text, [validation("dup", 2), umaTaken, validation("row_9", 6)]);
    expect(failed.rowCount).toBe(2);
    expect(failed.unmatched).toEqual([umaTaken]);
    const records = readCsv(failed.csv).records;
    expect(records.map((record) => record[0])).toEqual(["platformCustomerId", "dup", "row_9"]);
    expect(records[1]?.[11]).toBe("123456789");
  });
});
