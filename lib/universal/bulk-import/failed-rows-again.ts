import { bulkCustomerCsvColumns } from "@/shared/contract/bulk-customer-columns";
import { withoutFormulaGuard } from "../csv/cells";
import { eachCsvRecord } from "./csv-read";
import { writeCsv } from "./csv-write";

/**
 * A failed-rows file (failed-rows.ts) chosen to import again: its last column says why each row failed, and the
 * cells a spreadsheet would run as formulas carry the apostrophe the download put before them. Neither is part of
 * the customer's data, and the payment API refuses a file with a column it does not know, so both are taken out
 * before the file is checked and uploaded: the person fixes the rows and imports the file as it came.
 */

/** The column the failed-rows download adds after the file's own. */
export const ERROR_COLUMN = "error";

const KNOWN = new Set<string>(bulkCustomerCsvColumns);

/** Whether a file's header is a failed-rows download's: the format's columns, then `error` last. */
export function isFailedRowsHeader(header: readonly string[]): boolean {
  const names = header.map((name) => name.trim());
  return (
    names.length > 1 &&
    names.at(-1) === ERROR_COLUMN &&
    !KNOWN.has(ERROR_COLUMN) &&
    names.slice(0, -1).some((name) => KNOWN.has(name))
  );
}

/** A record of a failed-rows file without its error cell and the download's apostrophes. */
export function importableRecord(record: readonly string[], errorAt: number): string[] {
  return record.filter((_, position) => position !== errorAt).map(withoutFormulaGuard);
}

/**
 * The whole failed-rows file as the file to import: its error column and apostrophes taken out. Null when the file
 * is not readable CSV throughout: it is then sent as it is, for the service to say where it stops being readable.
 */
export function importableCsv(text: string): string | null {
  const rows: string[][] = [];
  let errorAt = -1;
  const read = eachCsvRecord(text, (record, index) => {
    if (index === 0) errorAt = record.length - 1;
    rows.push(index === 0 ? record.slice(0, -1) : importableRecord(record, errorAt));
  });
  return read.error === undefined ? writeCsv(rows) : null;
}
