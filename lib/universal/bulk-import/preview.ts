import {
  type BulkCustomerCsvColumn,
  type BulkCustomerCsvRow,
  bulkCustomerCsvColumns,
  bulkCustomerCsvRowSchema,
  bulkRowCorrelationId,
  type CurrencyRequirement,
  missingCustomerInfo,
  naturalCurrency,
} from "@/shared/contract";
import { readCsv } from "./csv-read";
import { importableRecord, isFailedRowsHeader } from "./failed-rows-again";

/** How many data rows the preview checks before anything is uploaded; the service checks them all. */
export const PREVIEW_ROW_LIMIT = 20;

export type PreviewIssue = {
  /** The CSV column the problem is in, or `row` for the row as a whole. */
  column: string;
  message: string;
};

export type PreviewRow = {
  /** 1-based, header excluded: the numbering of the service's `row_<n>` correlation ids. */
  rowNumber: number;
  /** What the service will call this row in its error list. */
  correlationId: string;
  cells: Record<string, string>;
  issues: PreviewIssue[];
  /**
   * The first earlier row that gives the same platformCustomerId. The service accepts the repeat (customers may share
   * a platform customer id), so the row is not refused: it becomes a second customer with that id.
   */
  repeatsRow?: number;
};

export type CsvPreview = {
  header: string[];
  /** Problems with the columns themselves; they affect every row. */
  headerIssues: string[];
  rows: PreviewRow[];
  validCount: number;
  invalidCount: number;
  /** True when the file has rows beyond the ones checked here. */
  moreRows: boolean;
  /** Platform customer ids that more than one checked row gives, with those rows: each would be its own customer. */
  repeatedIds: { id: string; rowNumbers: number[] }[];
  /** The file cannot be imported at all (not CSV, no header). */
  fileError?: string;
  /**
   * The file is a failed-rows download chosen to import again: its last column (why each row failed) and the
   * apostrophes the download put before formula-like cells are left out of the check and of the upload.
   */
  fromFailedRows: boolean;
};

/** Where a customer field comes from in the CSV, for pointing a missing provider-required field at its column. */
const CSV_COLUMN_BY_CUSTOMER_PATH: Record<string, BulkCustomerCsvColumn | undefined> = {
  fullName: "fullName",
  birthDate: "birthDate",
  nationality: "nationality",
  address: "addressLine1",
  "businessInfo.legalName": "businessLegalName",
  "businessInfo.taxId": "businessTaxId",
};

const KNOWN_COLUMNS = new Set<string>(bulkCustomerCsvColumns);
const ALWAYS_REQUIRED: BulkCustomerCsvColumn[] = ["platformCustomerId", "customerType", "accountType"];

/**
 * What the row's customer lacks for the currency of its bank account (spec rule 1: a currency's required fields
 * apply to a customer who is to transact in it), each pointed at its column.
 */
function requiredFieldIssues(
  row: BulkCustomerCsvRow,
  currencies: readonly CurrencyRequirement[],
): PreviewIssue[] {
  const { customer } = row;
  const currency = customer.bankAccountInfo ? naturalCurrency(customer.bankAccountInfo) : undefined;
  if (currency === undefined) return [];
  const missing = missingCustomerInfo(customer, currencies, [currency]);
  return (missing?.fields ?? []).map(({ field, path, currencies: demanding }) => ({
    column: CSV_COLUMN_BY_CUSTOMER_PATH[path] ?? "row",
    message: `Required for ${demanding.join(", ")} (${field})`,
  }));
}

/** The platform customer ids more than one row gives (the payment API makes each row a customer of its own). */
function repeatedIds(rows: PreviewRow[]): CsvPreview["repeatedIds"] {
  const byId = new Map<string, number[]>();
  for (const row of rows) {
    const id = row.cells.platformCustomerId?.trim();
    if (id) byId.set(id, [...(byId.get(id) ?? []), row.rowNumber]);
  }
  return [...byId]
    .filter(([, rowNumbers]) => rowNumbers.length > 1)
    .map(([id, rowNumbers]) => ({ id, rowNumbers }));
}

/**
 * One data record checked as the service checks it: its cells by the (trimmed) header's names, then the NUL and
 * row-shape checks, the contract's row schema and the platform's provider-required fields.
 */
export function checkRow(
  header: readonly string[],
  record: readonly string[],
  currencies: readonly CurrencyRequirement[] = [],
): { cells: Record<string, string>; issues: PreviewIssue[] } {
  const cells: Record<string, string> = {};
  header.forEach((name, position) => {
    const value = record[position];
    if (value !== undefined) cells[name] = value;
  });
  const issues: PreviewIssue[] = [];
  const nulColumn = Object.entries(cells).find(([, value]) => value.includes("\u0000"))?.[0];
  if (nulColumn !== undefined) {
    issues.push({ column: nulColumn, message: "Contains a NUL character" });
  } else if (record.length !== header.length) {
    issues.push({
      column: "row",
      message: `The row has ${record.length} cells; the header has ${header.length}`,
    });
  } else {
    const parsed = bulkCustomerCsvRowSchema.safeParse(cells);
    if (parsed.success) {
      issues.push(...requiredFieldIssues(parsed.data, currencies));
    } else {
      for (const issue of parsed.error.issues) {
        issues.push({ column: String(issue.path[0] ?? "row"), message: issue.message });
      }
    }
  }
  return { cells, issues };
}

/**
 * Validates the first rows of a bulk customer CSV by the service's rules: the same cell mapping, the contract's
 * row schema, the row-shape check and the platform's provider-required fields. `partial` says the text is only the
 * start of the file.
 */
export function previewBulkCustomerCsv(
  text: string,
  options: { maxRows?: number; partial?: boolean; currencies?: readonly CurrencyRequirement[] } = {},
): CsvPreview {
  const maxRows = options.maxRows ?? PREVIEW_ROW_LIMIT;
  const currencies = options.currencies ?? [];
  const read = readCsv(text, { maxRecords: maxRows + 1, partial: options.partial ?? false });
  const empty: CsvPreview = {
    header: [],
    headerIssues: [],
    rows: [],
    validCount: 0,
    invalidCount: 0,
    moreRows: false,
    repeatedIds: [],
    fromFailedRows: false,
  };
  const [headerRecord, ...fileRecords] = read.records;
  if (headerRecord === undefined) {
    return { ...empty, fileError: read.error ?? "The file is empty; it needs a header row and data rows." };
  }

  const fromFailedRows = isFailedRowsHeader(headerRecord);
  const errorAt = headerRecord.length - 1;
  const header = (fromFailedRows ? headerRecord.slice(0, -1) : headerRecord).map((name) => name.trim());
  const dataRecords = fromFailedRows
    ? fileRecords.map((record) => importableRecord(record, errorAt))
    : fileRecords;
  // One column whose name holds the format's columns joined by another separator: a sheet saved with semicolons
  // (Excel in much of Europe) or tabs. Said as such, not as one unknown column and a wrong cell count on every row.
  const only = header.length === 1 ? (header[0] ?? "") : "";
  const separator = [";", "\t"].find((candidate) => only.split(candidate).length > 1);
  if (separator !== undefined && only.split(separator).some((name) => KNOWN_COLUMNS.has(name.trim()))) {
    return {
      ...empty,
      fileError: `The file's columns are separated by ${separator === ";" ? "semicolons" : "tabs"}, not commas: save it as "CSV UTF-8 (Comma delimited)" and choose it again.`,
    };
  }
  const headerIssues: string[] = [];
  for (const column of ALWAYS_REQUIRED) {
    if (!header.includes(column)) headerIssues.push(`The column ${column} is missing; every row needs it.`);
  }
  const seen = new Set<string>();
  for (const column of header) {
    if (seen.has(column)) headerIssues.push(`The column ${column} appears twice; the last one is used.`);
    seen.add(column);
    if (column !== "" && !KNOWN_COLUMNS.has(column)) {
      headerIssues.push(`The column ${column} is not part of the format; its cells must stay empty.`);
    }
  }

  const firstRowById = new Map<string, number>();
  const rows = dataRecords.map((record, index): PreviewRow => {
    const rowNumber = index + 1;
    const { cells, issues } = checkRow(header, record, currencies);
    const id = cells.platformCustomerId?.trim();
    const repeatsRow = id ? firstRowById.get(id) : undefined;
    if (id && repeatsRow === undefined) firstRowById.set(id, rowNumber);
    return {
      rowNumber,
      correlationId: bulkRowCorrelationId(cells, rowNumber),
      cells,
      issues,
      ...(repeatsRow === undefined ? {} : { repeatsRow }),
    };
  });

  const invalidCount = rows.filter((row) => row.issues.length > 0).length;
  return {
    header,
    headerIssues,
    rows,
    validCount: rows.length - invalidCount,
    invalidCount,
    repeatedIds: repeatedIds(rows),
    moreRows: read.stoppedEarly || Boolean(options.partial),
    fromFailedRows,
    ...(read.error === undefined ? {} : { fileError: read.error }),
  };
}
