import type { BulkCustomerImportError, CurrencyRequirement } from "@/shared/contract";
import { eachCsvRecord } from "./csv-read";
import { writeCsv } from "./csv-write";
import { ERROR_COLUMN } from "./failed-rows-again";
import { columnIndex } from "./file-ids";
import { rowErrorFields, rowErrorLabel } from "./job-errors";
import { checkRow } from "./preview";

export type FailedRows = {
  /** The file's own header plus `error`, then each failed row's own cells plus its error, in file order. */
  csv: string;
  /** How many failed rows the file holds. */
  rowCount: number;
  /**
   * Errors whose row cannot be told apart: their platformCustomerId is on several rows of the file, and neither the
   * service's answer nor the preview's rules say which of them failed. They are left out rather than guessed.
   */
  unmatched: BulkCustomerImportError[];
};

const ROW_LABEL = /^row_([0-9]+)$/;

/** The error as one cell: every column at fault when the service named them, else its message. */
function errorText(error: BulkCustomerImportError): string {
  const fields = rowErrorFields(error);
  return fields.length > 0
    ? fields.map((field) => `${field.path}: ${field.message}`).join("; ")
    : error.error.message;
}

/**
 * The failed rows of a finished job, cut out of the file that was uploaded, as a CSV to fix and import again. The
 * API names a failed row by its platformCustomerId, or `row_<n>` when it had none, and lists them in file order; an
 * id that several rows give is resolved by the preview's rules (the rows among them that the rules refuse), or, when
 * that does not settle it, left out and reported in `unmatched`. Cells are written as read, formula-looking ones
 * defused (writeCsv's guardFormulas).
 */
export function failedRowsCsv(
  text: string,
  errors: readonly BulkCustomerImportError[],
  currencies: readonly CurrencyRequirement[] = [],
): FailedRows {
  const wantedRows = new Set<number>();
  const wantedIds = new Set<string>();
  for (const error of errors) {
    const label = rowErrorLabel(error);
    const byNumber = ROW_LABEL.exec(label);
    if (byNumber) wantedRows.add(Number(byNumber[1]));
    wantedIds.add(label);
  }

  let header: string[] = [];
  let idColumn = -1;
  const kept = new Map<number, { id: string; record: string[] }>();
  const rowsById = new Map<string, number[]>();
  eachCsvRecord(text, (record, index) => {
    if (index === 0) {
      header = record;
      idColumn = columnIndex(record, "platformCustomerId");
      return;
    }
    const id = (idColumn < 0 ? "" : record[idColumn])?.trim() ?? "";
    if (!wantedRows.has(index) && !wantedIds.has(id)) return;
    kept.set(index, { id, record });
    if (wantedIds.has(id)) rowsById.set(id, [...(rowsById.get(id) ?? []), index]);
  });

  const matched = new Map<number, BulkCustomerImportError>();
  const unmatched: BulkCustomerImportError[] = [];
  const errorsById = new Map<string, BulkCustomerImportError[]>();
  for (const error of errors) {
    const label = rowErrorLabel(error);
    const byNumber = ROW_LABEL.exec(label);
    const numbered = byNumber ? kept.get(Number(byNumber[1])) : undefined;
    // `row_<n>` names row n when that row has no usable id; otherwise it is some row's own id.
    if (byNumber && numbered && (numbered.id === "" || numbered.id.includes("\u0000"))) {
      matched.set(Number(byNumber[1]), error);
    } else {
      errorsById.set(label, [...(errorsById.get(label) ?? []), error]);
    }
  }

  const trimmedHeader = header.map((name) => name.trim());
  for (const [id, idErrors] of errorsById) {
    const candidates = rowsById.get(id) ?? [];
    let rows = candidates;
    if (candidates.length > idErrors.length) {
      rows = candidates.filter(
        (rowNumber) =>
          checkRow(trimmedHeader, kept.get(rowNumber)?.record ?? [], currencies).issues.length > 0,
      );
    }
    if (rows.length !== idErrors.length) {
      unmatched.push(...idErrors);
      continue;
    }
    rows.forEach((rowNumber, position) => {
      const error = idErrors[position];
      if (error) matched.set(rowNumber, error);
    });
  }

  const failed = [...matched].sort(([left], [right]) => left - right);
  return {
    csv: writeCsv(
      [
        [...header, ERROR_COLUMN],
        ...failed.map(([rowNumber, error]) => {
          const record = kept.get(rowNumber)?.record ?? [];
          // A short row is padded, so its error lands in the error column.
          const cells = [...record, ...Array<string>(Math.max(0, header.length - record.length)).fill("")];
          return [...cells, errorText(error)];
        }),
      ],
      { guardFormulas: true },
    ),
    rowCount: failed.length,
    unmatched,
  };
}
