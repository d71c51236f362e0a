// Spreadsheet programs read a file without it as their local code page and garble names like "María".
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whether a spreadsheet would run this text as a formula (= + - @, tab, carriage return first), judged after NFKC
 * normalisation, as a spreadsheet may fold a fullwidth ＝ or a small ﹢ into = and +.
 */
export const startsFormula = (text: string): boolean => FORMULA_START.test(text.normalize("NFKC"));

/** A cell as written before its guard: the apostrophe put before formula-like text (csvCell, writeCsv) taken off. */
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith("'") && startsFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a spreadsheet
 * would run as a formula (startsFormula) gets a leading apostrophe: descriptions and platform customer ids come from
 * people and must never execute in the reader's spreadsheet.
 */
export function csvCell(value: string | number | null | undefined, { text = true } = {}): string {
  if (value === null || value === undefined) return "";
  let cell = String(value);
  if (text && startsFormula(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(",")}\r\n`;
}

/** `transactions-2025-03-10.csv`: what a download holds, dated by the export's own day in UTC. */
export function csvFilename(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}
