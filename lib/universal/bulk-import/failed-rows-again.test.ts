import { describe, expect, it } from "vitest";
import type { BulkCustomerImportError } from "@/shared/contract";
import { withoutFormulaGuard } from "../csv/cells";
import { readCsv } from "./csv-read";
import { writeCsv } from "./csv-write";
import { failedRowsCsv } from "./failed-rows";
import { importableCsv, isFailedRowsHeader } from "./failed-rows-again";
import { previewBulkCustomerCsv } from "./preview";

const HEADER = [
  "platformCustomerId",
  "customerType",
  "fullName",
  "birthDate",
  "addressLine1",
  "city",
  "state",
  "postalCode",
  "country",
  "accountType",
  "accountNumber",
  "bankName",
  "pixKey",
  "pixKeyType",
  "description",
];
const pixRow = (id: string, key: string, description = "") => [
  id,
  "INDIVIDUAL",
  "Ana Souza",
  "1990-01-01",
  "Rua Augusta 1",
  "São Paulo",
  "SP",
  "01305-000",
  "BR",
  "PIX",
  "12345678",
  "Banco do Brasil",
  key,
  "PHONE",
  description,
];

const failure = (id: string): BulkCustomerImportError => ({
  correlationId: id,
  platformCustomerId: id,
  error: { code: "UMA_ADDRESS_EXISTS", message: "=the message quotes the input" },
});

describe("a failed-rows file chosen to import again", () => {
  it("is told by its last column, error, after the format's own columns", () => {
    expect(isFailedRowsHeader([...HEADER, "error"])).toBe(true);
    expect(isFailedRowsHeader([...HEADER, " error "])).toBe(true);
    expect(isFailedRowsHeader(HEADER)).toBe(false);
    expect(isFailedRowsHeader(["error"])).toBe(false);
    expect(isFailedRowsHeader(["name", "error"])).toBe(false);
  });

  it("takes off only the apostrophe the download put before a formula-like cell", () => {
    expect(withoutFormulaGuard("'+5511999990000")).toBe("+5511999990000");
    expect(withoutFormulaGuard("'=SUM(1)")).toBe("=SUM(1)");
    expect(withoutFormulaGuard("'s-Hertogenbosch")).toBe("'s-Hertogenbosch");
    expect(withoutFormulaGuard("+5511999990000")).toBe("+5511999990000");
  });

  it("comes back as the rows the person chose, without the error column or the download's apostrophes", () => {
    const rows = [pixRow("a", "+5511999990000", "-a note"), pixRow("b", "+5511999990001"), pixRow("c", "x")];
    const chosen = writeCsv([HEADER, ...rows]);
    const download = failedRowsCsv(chosen, [failure("a"), failure("c")]).csv;
    // The download defuses every formula-like cell, its own error text included, for the spreadsheet it opens in.
    expect(readCsv(download).records[1]).toEqual([
      ...pixRow("a", "'+5511999990000", "'-a note"),
      "'=the message quotes the input",
    ]);
    const again = importableCsv(download);
    expect(again === null ? null : readCsv(again).records).toEqual([HEADER, rows[0], rows[2]]);
  });

  it("keeps an apostrophe the person typed before formula-like text", () => {
    const rows = [pixRow("a", "+5511999990000", "'=as typed"), pixRow("b", "x", "'s-Hertogenbosch")];
    const download = failedRowsCsv(writeCsv([HEADER, ...rows]), [failure("a"), failure("b")]).csv;
    expect(readCsv(download).records[1]?.at(-2)).toBe("''=as typed");
    const again = importableCsv(download);
    expect(again === null ? null : readCsv(again).records).toEqual([HEADER, ...rows]);
  });

  it("is checked by the preview as the rows it will upload", () => {
    const download = failedRowsCsv(writeCsv([HEADER, pixRow("a", "+5511999990000")]), [failure("a")]).csv;
    const preview = previewBulkCustomerCsv(download);
    expect(preview.fromFailedRows).toBe(true);
    expect(preview.header).toEqual(HEADER);
    expect(preview.headerIssues).toEqual([]);
    expect(preview.rows[0]?.cells.pixKey).toBe("+5511999990000");
    expect(preview.rows[0]?.issues).toEqual([]);
    expect(previewBulkCustomerCsv(writeCsv([HEADER, pixRow("a", "+5511999990000")])).fromFailedRows).toBe(
      false,
    );
  });

  it("is sent as it is when it stops being readable CSV, for the service to say where", () => {
    expect(importableCsv(`${[...HEADER, "error"].join(",")}\r\na,"unclosed\r\n`)).toBeNull();
  });
});
