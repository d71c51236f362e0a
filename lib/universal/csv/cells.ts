// Spreadsheet programs read a file without it as their local code page and garble names like "María".
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whether a spreadsheet would run this text as a formula (= + - @, tab, carriage return first), judged after NFKC
 * normalisation, as a spreadsheet may fold a fullwidth ＝ or a small ﹢ into = and +.
 */
const startsFormula = (text: string): boolean => FORMULA_START.test(text.normalize("NFKC"));

/**
 * Whether a cell needs the guard's apostrophe: text a spreadsheet would run as a formula, or such text behind
 * apostrophes already, so that a person's own "'=x" is written "''=x" (as a spreadsheet asks it typed) and comes
 * back whole through withoutFormulaGuard.
 */
const needsGuard = (cell: string): boolean => startsFormula(cell.replace(/^'+/, ""));

/** The cell as a spreadsheet may open it: with an apostrophe before it when it needs one (needsGuard). */
export function withFormulaGuard(cell: string): string {
  return needsGuard(cell) ? `'${cell}` : cell;
}

/** A cell as written before its guard (withFormulaGuard), the exact inverse: the guard's apostrophe taken off. */
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith("'") && needsGuard(cell) ? cell.slice(1) : cell;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a spreadsheet
 * would run as a formula (startsFormula) gets a leading apostrophe: descriptions and platform customer ids come from
 * people and must never execute in the reader's spreadsheet.
 */
export function csvCell(value: string | number | null | undefined, { text = true } = {}): string {
  if (value === null || value === undefined) return "";
  const cell = text ? withFormulaGuard(String(value)) : String(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(",")}\r\n`;
}

/** `transactions-2025-03-10.csv`: what a download holds, dated by the export's own day in UTC. */
export function csvFilename(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}
