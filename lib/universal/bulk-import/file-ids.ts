import { eachCsvRecord } from "./csv-read";

/** One data row of the whole file, by its service number, with its platformCustomerId ("" when it has none). */
export type RowId = { rowNumber: number; id: string };

export type FileIds = {
  rows: RowId[];
  /** Why the file stops being readable CSV part-way; `rows` holds the rows before that point. */
  error?: string;
};

/** The header position the service reads a column from: the last of that name, as a record's cells are filled. */
export function columnIndex(header: readonly string[], name: string): number {
  return header.map((cell) => cell.trim()).lastIndexOf(name);
}

/**
 * Every data row's platformCustomerId, for the whole file (the preview checks only its first rows): which ids
 * customers already have and which rows repeat an id are asked of all of them.
 */
export function fileRowIds(text: string): FileIds {
  const rows: RowId[] = [];
  let idColumn = -1;
  const { error } = eachCsvRecord(text, (record, index) => {
    if (index === 0) idColumn = columnIndex(record, "platformCustomerId");
    else rows.push({ rowNumber: index, id: (idColumn < 0 ? "" : record[idColumn])?.trim() ?? "" });
  });
  return error === undefined ? { rows } : { rows, error };
}

/** The ids several rows give, with those rows in order, in the order the ids first appear. */
export function repeatedRowIds(rows: readonly RowId[]): { id: string; rowNumbers: number[] }[] {
  const byId = new Map<string, number[]>();
  for (const { id, rowNumber } of rows) {
    if (id === "") continue;
    const list = byId.get(id);
    if (list) list.push(rowNumber);
    else byId.set(id, [rowNumber]);
  }
  return [...byId]
    .filter(([, rowNumbers]) => rowNumbers.length > 1)
    .map(([id, rowNumbers]) => ({ id, rowNumbers }));
}

/** The distinct non-empty ids of the rows, sorted (a stable key for asking which are in use). */
export function distinctIds(rows: readonly RowId[]): string[] {
  return [...new Set(rows.map((row) => row.id).filter((id) => id !== ""))].sort();
}
