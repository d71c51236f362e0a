import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  type RowData,
  tableFeatures,
} from "@tanstack/react-table";

/** Per-column presentation, read by DataTable. */
export type DataTableColumnMeta = {
  /** `right` for amounts and counts, so digits line up (with tabular figures). */
  align?: "left" | "right";
  /**
   * The cell that carries the row's link or open button, and so its keyboard focus and accessible name;
   * defaults to the first column. Give it to the column that names the row (an id, a name).
   */
  primary?: boolean;
  /**
   * On the primary column whose value is a long id: what the id is ("quote ID"). The cell keeps the id truncated
   * to its width, with the whole id in a tooltip on the row's link and a copy button beside it.
   */
  copyable?: string;
  /**
   * The column of the row's own buttons (change role, revoke): kept in sight at the right edge while the others
   * scroll sideways beneath it, as they do on a phone, so a row's actions never need a scroll to find.
   */
  actions?: boolean;
  /**
   * Where the cell goes in a row drawn as a card on a phone (DataTable's `phoneCards`): the card's line (1 first;
   * cells without one come after the numbered), and `end` for the right-hand side (an amount, a status), the rest
   * on the left, `wide` for a long value given the card's whole width (an address); `label` names a value that does
   * not say what it is ("Customer").
   */
  phone?: { line?: 1 | 2 | 3 | 4; end?: boolean; wide?: boolean; label?: string };
  className?: string;
  headerClassName?: string;
};

/**
 * The table's features: column visibility (the Columns menu, use-column-choice.ts) and nothing else beyond the
 * core. The API filters, orders and pages on the server, so the table only lays out the page it is given;
 * `columnMeta` types `meta` on every column.
 */
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnMeta: {} as DataTableColumnMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;

// Columns of one table have different value types; the helper's `columns()` keeps each precise and returns this.
// biome-ignore lint/suspicious/noExplicitAny: the element type TanStack's own columnHelper.columns() returns.
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/**
 * Column helper bound to the data table's features:
 * `const col = dataTableColumnHelper<Transaction>(); const columns = col.columns([col.accessor("id", {…})])`.
 */
export function dataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

/** A column definition's id: its `id`, or the key it reads (`col.accessor("createdAt")`). */
export function columnIdOf<TData extends RowData>(column: DataTableColumn<TData>): string {
  const { id, accessorKey } = column as { id?: string; accessorKey?: string };
  return id ?? accessorKey ?? "";
}
