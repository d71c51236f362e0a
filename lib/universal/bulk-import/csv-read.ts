import { parse } from "csv-parse/browser/esm/sync";
import { bulkCustomerCsvParseOptions } from "@/shared/contract/bulk-customer-columns";

/**
 * The bulk import's CSV reader in the browser: csv-parse's browser build with the service's options
 * (bulkCustomerCsvParseOptions), so the preview reads a file as the import will. The preview reads only the start
 * of a file (the service streams and parses the whole file itself), so the reader can stop after a number of
 * records and can be told that its text is a prefix whose last line may be cut.
 */

export type CsvReadResult = {
  records: string[][];
  /** 1-based line on which each record starts, for messages. */
  lines: number[];
  /** True when reading stopped at maxRecords with more text after. */
  stoppedEarly: boolean;
  /** Why the text is not readable CSV; records read before the problem are kept. */
  error?: string;
};

export type CsvReadOptions = {
  /** Stop after this many records (the header counts as one). */
  maxRecords?: number;
  /**
   * The text is the start of a longer file: a final record with no line break after it may be cut, so it is
   * dropped rather than reported or validated half-read.
   */
  partial?: boolean;
};

/** A record as csv-parse hands it over with `raw: true`: its cells and its text, line break included. */
type RawRecord = { record: string[]; raw: string };

const LINE_BREAK = /\r\n|\r|\n/g;
const ENDS_WITH_LINE_BREAK = /(\r\n|\r|\n)$/;

/** csv-parse's refusals in words a person fixing the file can act on; others keep csv-parse's own message. */
const PROBLEMS: Record<string, string> = {
  INVALID_OPENING_QUOTE:
    "a quote inside an unquoted cell; wrap the cell in quotes and double the quotes inside it",
  CSV_INVALID_CLOSING_QUOTE: "after a closing quote only a comma or a line break may follow",
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed",
  CSV_MAX_RECORD_SIZE: "a record is too long",
};

function problemOf(error: unknown): { code: string; message: string } {
  if (!(error instanceof Error)) return { code: "", message: String(error) };
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const line = "lines" in error && typeof error.lines === "number" ? error.lines : undefined;
  const words = PROBLEMS[code];
  if (words === undefined) return { code, message: error.message };
  return { code, message: line === undefined ? words : `Line ${line}: ${words}` };
}

export function readCsv(input: string, options: CsvReadOptions = {}): CsvReadResult {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: string[][] = [];
  const lines: number[] = [];
  // Whether the last record read ended with a line break (a prefix's last record without one may be cut).
  let lastEnded = true;
  // A record beyond maxRecords was started: there is more to read.
  let more = false;

  const collect = ({ record, raw }: RawRecord, endLine: number) => {
    if (records.length >= maxRecords) {
      more = true;
      return null;
    }
    lastEnded = ENDS_WITH_LINE_BREAK.test(raw);
    // csv-parse counts lines up to the record's end; a quoted cell may span several.
    const breaksInside = (raw.replace(ENDS_WITH_LINE_BREAK, "").match(LINE_BREAK) ?? []).length;
    records.push(record);
    lines.push(endLine - breaksInside);
    return record;
  };

  let error: string | undefined;
  try {
    parse(input, {
      ...bulkCustomerCsvParseOptions,
      raw: true,
      // One record past the limit says whether there is more, without reading the rest.
      to: Number.isFinite(maxRecords) ? maxRecords + 1 : -1,
      // With raw, csv-parse hands each record over as { record, raw }; its typings do not say so.
      on_record: (value, context) => collect(value as unknown as RawRecord, context.lines),
    });
  } catch (thrown) {
    const problem = problemOf(thrown);
    if (records.length >= maxRecords) more = true;
    // A prefix may end inside a quoted cell: that record is cut, not broken.
    else if (!(options.partial && problem.code === "CSV_QUOTE_NOT_CLOSED")) error = problem.message;
  }
  if (options.partial && !more && !lastEnded && error === undefined) {
    records.pop();
    lines.pop();
  }
  return error === undefined
    ? { records, lines, stoppedEarly: more }
    : { records, lines, stoppedEarly: false, error };
}

/**
 * Hands every record of a whole file to `visit` (the header first, as index 0) without keeping them, so a file of
 * hundreds of thousands of rows is read in constant memory beyond its text. Records are numbered as the service
 * numbers them: empty lines and rows of empty cells are skipped. Returns why the file stops being readable CSV,
 * if it does; the records before that point were visited.
 */
export function eachCsvRecord(
  input: string,
  visit: (record: string[], index: number) => void,
): { error?: string } {
  let index = 0;
  try {
    parse(input, {
      ...bulkCustomerCsvParseOptions,
      on_record: (record: string[]) => {
        visit(record, index++);
        return null;
      },
    });
  } catch (thrown) {
    return { error: problemOf(thrown).message };
  }
  return {};
}
