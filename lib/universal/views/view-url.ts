/**
 * Saved views and shared links of the console's lists: a view is a name, the list's filters as a query string and
 * the visible columns. The link of a view is the list's address with both, so it needs no server state: anyone
 * allowed to see the list opens the same filters and columns. Browser-safe; the routes use it to store a view's
 * query in one canonical form.
 */

/** The lists that keep views, and the page each is on. */
export const SAVED_VIEW_LISTS = ["transactions", "quotes", "customers", "webhooks"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

const LIST_PATHS: Record<SavedViewList, string> = {
  transactions: "/transactions",
  quotes: "/quotes",
  customers: "/customers",
  webhooks: "/webhooks",
};

/** The URL parameter that holds the visible columns (`columns=createdAt,id,amount`); absent, every column shows. */
export const COLUMNS_KEY = "columns";

/** What a view holds, and what the list shows now. `columns` null: the list's default columns. */
export type ViewState = { query: string; columns: readonly string[] | null };

// Parameters that belong to where one is in a list, or to the page, never to a view's filters.
const NOT_FILTERS = new Set([COLUMNS_KEY, "cursor", "prev"]);

/** The query string of set filters, keys in order: the one form views are stored and compared in. */
export function viewQuery(values: Readonly<Record<string, string | boolean | null | undefined>>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(values).sort()) {
    const value = values[key];
    if (value === true) search.append(key, "true");
    else if (typeof value === "string" && value.trim() !== "") search.append(key, value.trim());
  }
  return search.toString();
}

/**
 * A query string (with or without its `?`) in the canonical form: empty values, the columns and the cursor
 * dropped, keys in order. With `keys`, only those (a list's filter keys) are kept.
 */
export function normaliseViewQuery(query: string, keys?: readonly string[]): string {
  const values: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ""))) {
    if (NOT_FILTERS.has(key) || (keys && !keys.includes(key))) continue;
    if (value.trim() !== "" && !(key in values)) values[key] = value;
  }
  return viewQuery(values);
}

/**
 * The visible columns a `columns=` value names, in the table's order; unknown ids are ignored. Null (the
 * defaults) when it is absent or names no column of the table: a list never shows without columns.
 */
export function parseColumns(
  param: string | null | undefined,
  columnIds: readonly string[],
): string[] | null {
  if (!param) return null;
  const named = new Set(param.split(",").map((id) => id.trim()));
  const visible = columnIds.filter((id) => named.has(id));
  return visible.length === 0 || visible.length === columnIds.length ? null : visible;
}

/** The `columns=` value for these visible columns; null (no parameter) when they are all of the table's. */
export function columnsParam(visible: readonly string[], columnIds: readonly string[]): string | null {
  return parseColumns(visible.join(","), columnIds)?.join(",") ?? null;
}

/** react-table's column visibility state: every column not named is hidden; null shows all. */
export function columnVisibility(
  visible: readonly string[] | null,
  columnIds: readonly string[],
): Record<string, boolean> {
  if (visible === null) return {};
  return Object.fromEntries(columnIds.map((id) => [id, visible.includes(id)]));
}

/** The address that opens a view: the list's page with its filters and columns. */
export function viewHref(list: SavedViewList, view: ViewState): string {
  const search = new URLSearchParams(normaliseViewQuery(view.query));
  if (view.columns && view.columns.length > 0) search.set(COLUMNS_KEY, view.columns.join(","));
  const text = search.toString().replaceAll("%2C", ",");
  return text ? `${LIST_PATHS[list]}?${text}` : LIST_PATHS[list];
}

/**
 * Whether the list now shows exactly what a view holds: the same filters (of the list's filter `keys`) and the
 * same columns.
 */
export function viewMatches(
  view: ViewState,
  current: ViewState,
  { columnIds, keys }: { columnIds: readonly string[]; keys: readonly string[] },
): boolean {
  const columnsOf = (state: ViewState) => (state.columns ? columnsParam(state.columns, columnIds) : null);
  return (
    normaliseViewQuery(view.query, keys) === normaliseViewQuery(current.query, keys) &&
    columnsOf(view) === columnsOf(current)
  );
}
