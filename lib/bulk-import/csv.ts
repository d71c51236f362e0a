/**
 * A small RFC 4180 reader and writer for the bulk import. The preview reads only the start of a file in the
 * browser (the service streams and parses the whole file itself), so the reader can stop after a number of records
 * and can be told that its text is a prefix whose last line may be cut. It follows the service's csv-parse
 * settings where they matter to a row's fate: a leading BOM is dropped, empty lines and records whose cells are all
 * empty are skipped, and a stray quote is an error, as it is there.
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

const BOM = "\uFEFF";

function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell === "");
}

export function readCsv(input: string, options: CsvReadOptions = {}): CsvReadResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: string[][] = [];
  const lines: number[] = [];

  let line = 1;
  let recordLine = 1;
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  // After a closing quote only a comma or a line break may follow.
  let afterQuote = false;
  let cellStarted = false;
  let i = 0;

  const pushCell = () => {
    record.push(cell);
    cell = "";
    afterQuote = false;
    cellStarted = false;
  };
  const pushRecord = () => {
    pushCell();
    // A line with nothing on it is one empty cell; it and a row of empty cells are both skipped.
    if (!isBlankRecord(record)) {
      records.push(record);
      lines.push(recordLine);
    }
    record = [];
  };
  const fail = (error: string): CsvReadResult => ({ records, lines, stoppedEarly: false, error });

  while (i < text.length) {
    if (records.length >= maxRecords) return { records, lines, stoppedEarly: true };
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
        i++;
        continue;
      }
      if (ch === "\n") line++;
      if (ch === "\r" && text[i + 1] !== "\n") line++;
      cell += ch;
      i++;
      continue;
    }
    if (ch === ",") {
      pushCell();
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      pushRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (afterQuote) {
      return fail(`Line ${line}: after a closing quote only a comma or a line break may follow`);
    }
    if (ch === '"') {
      if (cellStarted) {
        return fail(
          `Line ${line}: a quote inside an unquoted cell; wrap the cell in quotes and double the quotes inside it`,
        );
      }
      quoted = true;
      cellStarted = true;
      i++;
      continue;
    }
    cell += ch;
    cellStarted = true;
    i++;
  }

  if (quoted) {
    if (options.partial) return { records, lines, stoppedEarly: false };
    return fail(`Line ${recordLine}: a quoted cell is never closed`);
  }
  // The last line of a prefix may be cut anywhere; a complete file's last line needs no line break.
  if (!options.partial && (cellStarted || afterQuote || record.length > 0)) pushRecord();
  return { records, lines, stoppedEarly: false };
}

function escapeCell(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Rows → CSV text with CRLF line breaks. A cell that a spreadsheet would run as a formula (=, +, -, @ first) is
 * prefixed with an apostrophe: these files are opened in spreadsheets, and an error message may quote user input.
 */
export function writeCsv(rows: readonly (readonly string[])[], { guardFormulas = false } = {}): string {
  return `${rows
    .map((row) =>
      row
        .map((value) => escapeCell(guardFormulas && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value))
        .join(","),
    )
    .join("\r\n")}\r\n`;
}
