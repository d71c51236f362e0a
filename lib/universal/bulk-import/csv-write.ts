import { withFormulaGuard } from "../csv/cells";

/** The bulk import's CSV writer: the template and the error report the console offers for download. */

function escapeCell(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Rows → CSV text with CRLF line breaks. A cell that a spreadsheet would run as a formula (startsFormula: =, +, -,
 * @ first, fullwidth and small forms included) is prefixed with an apostrophe (withFormulaGuard): these files are opened
 * in spreadsheets, and an error message may quote user input.
 */
export function writeCsv(rows: readonly (readonly string[])[], { guardFormulas = false } = {}): string {
  return `${rows
    .map((row) => row.map((value) => escapeCell(guardFormulas ? withFormulaGuard(value) : value)).join(","))
    .join("\r\n")}\r\n`;
}
