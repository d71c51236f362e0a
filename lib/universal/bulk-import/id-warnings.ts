import { formatCount } from "../intl/count";
import type { RowId } from "./file-ids";

/** How many ids (or row numbers) a warning names before saying how many more there are. */
const NAMED = 5;

/** "imp-0001, imp-0002 and imp-0003". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The first few items and how many more: "a, b, c, d, e and 12 more". */
function fewOf(items: readonly string[], named = NAMED): string {
  if (items.length <= named) return listed(items);
  return listed([...items.slice(0, named), `${formatCount(items.length - named)} more`]);
}

/**
 * The warning for the rows whose platformCustomerId customers already have (`taken`), counted over every row read:
 * how many rows of how many, and a few of the ids. `readRows` says the file stopped being readable CSV after the
 * rows given, so only those were checked. Null when no row's id is taken.
 */
export function inUseWarning(
  rows: readonly RowId[],
  taken: readonly string[],
  { readRowsOnly = false } = {},
): string | null {
  const takenIds = new Set(taken);
  const takenRows = rows.filter((row) => takenIds.has(row.id)).length;
  if (takenRows === 0) return null;
  const ids = [...new Set(rows.map((row) => row.id).filter((id) => takenIds.has(id)))];
  const ofRows = `${formatCount(takenRows)} of ${formatCount(rows.length)} ${rows.length === 1 ? "row" : "rows"}`;
  const give = takenRows === 1 ? "gives" : "give";
  const what =
    ids.length === 1
      ? `the platform customer id ${ids[0]}, which customers already have`
      : `platform customer ids customers already have: ${fewOf(ids)}`;
  const hedge = readRowsOnly ? " (of the rows read before the file stops being readable CSV)" : "";
  return `${ofRows} ${give} ${what}${hedge}. Importing ${takenRows === 1 ? "it" : "them"} again makes a second customer with each: take those rows out of the file first.`;
}

/**
 * The warnings for ids several rows give, a few ids by name (with a few of their rows) and how many more: the
 * service imports every such row as a customer of its own.
 */
export function repeatWarnings(repeats: readonly { id: string; rowNumbers: readonly number[] }[]): string[] {
  const named = repeats.slice(0, NAMED).map(({ id, rowNumbers }) => {
    const rows = fewOf(rowNumbers.map(String), 8);
    const all = rowNumbers.length === 2 ? "both give" : "all give";
    return `Rows ${rows} ${all} the platform customer id ${id}: each would be a customer of its own.`;
  });
  const more = repeats.length - named.length;
  return more > 0
    ? [
        ...named,
        `${formatCount(more)} more platform customer ${more === 1 ? "id is" : "ids are"} given by several rows each.`,
      ]
    : named;
}
