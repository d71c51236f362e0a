"use client";

import { type RowData, useTable } from "@tanstack/react-table";
import { SearchX } from "lucide-react";
import { useRouter } from "next/navigation";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { errorDetails, errorStatus } from "@/components/ui/error-details";
import { Link } from "@/components/ui/link";
import { StaleDataNotice } from "@/components/ui/stale-data-notice";
import { EmptyState, type EmptyStateProps, ErrorState, LoadingState } from "@/components/ui/states";
import {
  STICKY_END_CELL,
  STICKY_END_HEAD,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { ColumnsMenu } from "@/components/views/columns-menu";
import { ViewsMenu } from "@/components/views/views-menu";
import { cn } from "@/lib/universal/utils";
import { type SavedViewList, viewQuery } from "@/lib/universal/views/view-url";
import { columnIdOf, type DataTableColumn, type DataTableColumnMeta, dataTableFeatures } from "./columns";
import { CopyableOpener } from "./copyable-opener";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableToolbar } from "./data-table-toolbar";
import { type FilterDef, filterKeys } from "./filters";
import { type ItemNoun, RESULTS } from "./pagination-summary";
import { phoneCardCell } from "./phone-card";
import { RowTools } from "./row-tools";
import { useColumnChoice } from "./use-column-choice";
import { useCursorPagination } from "./use-cursor-pagination";
import { useDataTableFilters } from "./use-data-table-filters";

/** One page of an API list. */
type CursorPage<TData> = {
  data: TData[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  totalCount?: number | undefined;
};

/** The parts of a react-query result the table reads; pass the `useQuery` result itself. */
export type DataTableQuery<TData> = {
  data: CursorPage<TData> | undefined;
  isPending: boolean;
  isFetching?: boolean;
  /** True while the rows shown are the previous page's or filter's, kept on screen as the new ones load. */
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A list the API returns whole (`{ data }`, no cursor): pass it with `paginated={false}`. */
type DataTableListQuery<TData> = Omit<DataTableQuery<TData>, "data"> & {
  data: { data: readonly TData[] } | undefined;
};

export type DataTableProps<TData extends RowData> = {
  /** Built with dataTableColumnHelper; kept at module scope or memoised so the table is not rebuilt each render. */
  columns: DataTableColumn<TData>[];
  /** The list's query; optional when `rows` are given. */
  query?: DataTableQuery<TData> | DataTableListQuery<TData>;
  /**
   * The rows to show, in place of the query's: a list already in hand (a file's preview; no loading or error
   * state then), or the query's rows narrowed in the browser.
   */
  rows?: readonly TData[];
  /** `false` for a list that is not cursor-paged (a whole list, or `rows`): no page bar under it. */
  paginated?: boolean;
  /** Stable id of a row (the API's id); the index only where rows have no id of their own. */
  getRowId: (row: TData, index: number) => string;
  /** Names the table for assistive technology: "Transactions". */
  label: string;
  /** The id of a heading on the page that names the table; it then has no hidden caption of its own. */
  labelledBy?: string;
  /** What the rows are, for the summary and the empty and loading states: { one: "transaction", other: "transactions" }. */
  itemNoun?: ItemNoun;
  /** Where a row leads; the row becomes a link (click anywhere, or Tab to it and press Enter). */
  rowHref?: (row: TData) => string;
  /** What opening a row does when it has no page of its own (a sheet, say). */
  onRowOpen?: (row: TData) => void;
  /**
   * What opening a row does, read before the primary cell's text by screen readers ("Open customer" + "Ana López
   * ana-1"). A prefix, not a replacement: the name keeps all the visible text, so speech input can say what it sees
   * (WCAG 2.5.3, label in name).
   */
  rowAction?: string;
  filters?: readonly FilterDef[];
  /** Shown when the list is empty with no filter set. */
  empty?: Omit<EmptyStateProps, "headingLevel" | "className">;
  /** The title of the state shown for filters the server refused (400): "The UMA address filter is not valid". */
  refusedTitle?: string | undefined;
  /** Shown as the title of the error state: "Transactions could not be loaded". */
  errorTitle?: string;
  /** What the loading state says, when `Loading ${itemNoun.other}` does not fit: "Loading the team". */
  loadingLabel?: string;
  /** The empty and error states' heading, `h3` for a list in a card under the page's `h2`s. */
  headingLevel?: "h2" | "h3" | "h4";
  /** `false` for a table inside a card: no border and background of its own. */
  framed?: boolean;
  /** A row's own class and current mark (the row opened below the list, a row with a problem). */
  rowProps?: (row: TData) => { className?: string | undefined; "aria-current"?: "true" | undefined };
  /** Buttons at the right of the toolbar. */
  toolbarActions?: React.ReactNode;
  /** URL key prefix, for a page showing two lists (pass the same to useCursorPagination and useDataTableFilters). */
  urlPrefix?: string;
  /**
   * Which list this is, for a page's main list: adds the Views menu (the person's saved views, lib/views) and the
   * Columns menu, whose choice is kept in the URL (`columns=`). Without it every column shows.
   */
  savedViews?: SavedViewList;
  /**
   * On a phone each row is a card, its cells placed by their columns' `phone` meta (phone-card.ts), instead of a
   * table that scrolls sideways. For a list without a column of row buttons.
   */
  phoneCards?: boolean;
  className?: string;
};

const NO_FILTERS: readonly FilterDef[] = [];
const NO_ROWS: never[] = [];
const NO_QUERY: DataTableListQuery<never> = {
  data: { data: NO_ROWS },
  isPending: false,
  error: null,
  refetch: () => undefined,
};
const OPENER_CLASS =
  "font-medium text-zinc-900 outline-none hover:underline focus-visible:underline dark:text-zinc-100";

// A sticky cell is opaque: in a row that opens, it takes the row's hover and focus colour as the row does.
const STICKY_END_OPENING_ROW = cn(
  STICKY_END_CELL,
  "[tr:hover>&]:bg-zinc-50 dark:[tr:hover>&]:bg-zinc-800 [tr:has([data-row-link]:focus-visible)>&]:bg-zinc-50 dark:[tr:has([data-row-link]:focus-visible)>&]:bg-zinc-800",
);

function metaOf(meta: unknown): DataTableColumnMeta {
  return (meta ?? {}) as DataTableColumnMeta;
}

// Clicks on the row's own controls (links, buttons, inputs) do what those controls do.
function fromInteractiveChild(event: React.MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  return (
    target.closest("a, button, input, select, textarea, label, [role='menuitem'], [data-row-ignore]") !== null
  );
}

export function DataTable<TData extends RowData>({
  columns,
  query = NO_QUERY,
  rows: givenRows,
  paginated = true,
  getRowId,
  label,
  labelledBy,
  itemNoun = RESULTS,
  rowHref,
  onRowOpen,
  rowAction,
  filters = NO_FILTERS,
  empty,
  errorTitle,
  refusedTitle,
  loadingLabel,
  headingLevel,
  framed = true,
  rowProps,
  toolbarActions,
  urlPrefix = "",
  savedViews,
  phoneCards = false,
  className,
}: DataTableProps<TData>) {
  const router = useRouter();
  const pagination = useCursorPagination({ prefix: urlPrefix });
  const filterState = useDataTableFilters(filters, { prefix: urlPrefix });
  const page = query.data;
  const opensRows = Boolean(rowHref || onRowOpen);

  const columnIds = React.useMemo(() => columns.map(columnIdOf), [columns]);
  const primaryColumn = columns.find((column) => metaOf(column.meta).primary) ?? columns[0];
  const primaryColumnId = primaryColumn ? columnIdOf(primaryColumn) : undefined;
  // The column that opens the row stays shown: without it a row could not be reached by keyboard.
  const choice = useColumnChoice(columnIds, {
    prefix: urlPrefix,
    enabled: savedViews !== undefined,
    locked: opensRows ? primaryColumnId : undefined,
  });

  const table = useTable(
    {
      features: dataTableFeatures,
      columns,
      // TanStack's table takes a mutable array; it never changes it.
      data: (givenRows ?? page?.data ?? NO_ROWS) as TData[],
      getRowId: (row, index) => getRowId(row, index),
      state: { columnVisibility: choice.state },
      onColumnVisibilityChange: choice.onChange,
    },
    () => null,
  );

  const leafColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const showError = query.error !== null && query.error !== undefined;

  const openRow = (row: TData, event: React.MouseEvent<HTMLElement>) => {
    if (fromInteractiveChild(event)) return;
    // A drag to select text is not a click on the row.
    if (window.getSelection()?.toString()) return;
    if (rowHref) {
      const href = rowHref(row);
      if (event.metaKey || event.ctrlKey) window.open(href, "_blank", "noopener");
      else router.push(href);
    } else {
      onRowOpen?.(row);
    }
  };

  let body: React.ReactNode;
  if (showError && !page && errorStatus(query.error) === 400 && filterState.activeCount > 0) {
    // A filter the server refused (its message says which and why): asking again changes nothing, clearing does.
    body = (
      <ErrorState
        title={refusedTitle ?? "These filters cannot be used"}
        headingLevel={headingLevel}
        error={query.error}
        action={
          <Button variant="outline" size="sm" onClick={filterState.clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (showError && !page) {
    body = (
      <ErrorState
        title={errorTitle ?? `${label} could not be loaded`}
        headingLevel={headingLevel}
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
        retrying={query.isFetching}
      />
    );
  } else if (query.isPending && !page) {
    body = (
      <LoadingState
        label={loadingLabel ?? `Loading ${itemNoun.other}`}
        columns={Math.min(leafColumns.length, 6)}
      />
    );
  } else if (rows.length === 0 && filterState.activeCount > 0) {
    body = (
      <EmptyState
        icon={SearchX}
        headingLevel={headingLevel}
        title={`No ${itemNoun.other} match these filters`}
        description="Change or clear the filters to see more."
        action={
          <Button variant="outline" size="sm" onClick={filterState.clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = <EmptyState title={`No ${itemNoun.other} yet`} headingLevel={headingLevel} {...empty} />;
  }

  return (
    <div className={cn("flex flex-col gap-4", className)}>
      <DataTableToolbar
        filters={filters}
        state={filterState}
        label={`Filter ${label.toLowerCase()}`}
        actions={toolbarActions}
        viewControls={
          savedViews ? (
            <>
              <ViewsMenu
                list={savedViews}
                label={label}
                current={{ query: viewQuery(filterState.rawValues), columns: choice.visible }}
                columnIds={columnIds}
                filterKeys={filterKeys(filters)}
              />
              <ColumnsMenu
                columns={table.getAllLeafColumns().map((column) => ({
                  id: column.id,
                  label: typeof column.columnDef.header === "string" ? column.columnDef.header : column.id,
                  visible: column.getIsVisible(),
                  lockedBecause:
                    opensRows && column.id === primaryColumnId
                      ? "Opens the row"
                      : leafColumns.length === 1 && column.getIsVisible()
                        ? "The last column shown"
                        : undefined,
                  toggle: (visible) => column.toggleVisibility(visible),
                }))}
                onShowAll={() => table.toggleAllColumnsVisible(true)}
              />
            </>
          ) : null
        }
      />

      {showError && page ? (
        // A refused filter says which and why; either way the rows below stay those loaded before.
        errorStatus(query.error) === 400 ? (
          <StaleDataNotice tone="refused">
            {errorDetails(query.error).message} The list shows what the filters before matched.
          </StaleDataNotice>
        ) : (
          <StaleDataNotice retrying={Boolean(query.isFetching)} onRetry={() => void query.refetch()}>
            This list could not be refreshed: {errorDetails(query.error).message} It shows what was loaded
            before.
          </StaleDataNotice>
        )
      ) : null}

      <RowTools
        className={cn(
          framed &&
            "overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900",
        )}
      >
        {body ?? (
          <Table
            aria-labelledby={labelledBy}
            aria-busy={query.isFetching || undefined}
            data-phone-cards={phoneCards ? "" : undefined}
            className={cn(query.isFetching && "opacity-70 transition-opacity")}
          >
            {labelledBy ? null : <caption className="sr-only">{label}</caption>}
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id}>
                  {group.headers.map((header) => {
                    const meta = metaOf(header.column.columnDef.meta);
                    return (
                      <TableHead
                        key={header.id}
                        colSpan={header.colSpan}
                        data-sticky-end={meta.actions ? "" : undefined}
                        className={cn(
                          meta.align === "right" && "text-right",
                          meta.actions && STICKY_END_HEAD,
                          meta.headerClassName,
                        )}
                      >
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const own = rowProps?.(row.original);
                return (
                  <TableRow
                    key={row.id}
                    aria-current={own?.["aria-current"]}
                    className={cn(
                      own?.className,
                      opensRows &&
                        "cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/50 has-[[data-row-link]:focus-visible]:bg-zinc-50 has-[[data-row-link]:focus-visible]:outline-2 has-[[data-row-link]:focus-visible]:-outline-offset-2 has-[[data-row-link]:focus-visible]:outline-brand-500 dark:has-[[data-row-link]:focus-visible]:bg-zinc-800/50",
                    )}
                    onClick={opensRows ? (event) => openRow(row.original, event) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => {
                      const meta = metaOf(cell.column.columnDef.meta);
                      const content = <table.FlexRender cell={cell} />;
                      const primary = opensRows && cell.column.id === primaryColumnId;
                      const opener = (
                        <>
                          {rowAction ? <span className="sr-only">{rowAction} </span> : null}
                          {content}
                        </>
                      );
                      const card = phoneCards ? phoneCardCell(meta) : undefined;
                      const copyValue = primary && meta.copyable ? cell.getValue() : undefined;
                      if (typeof copyValue === "string" && meta.copyable) {
                        return (
                          <TableCell
                            key={cell.id}
                            {...card}
                            className={cn(
                              meta.align === "right" && "text-right tabular-nums",
                              meta.className,
                            )}
                          >
                            <CopyableOpener
                              value={copyValue}
                              label={meta.copyable}
                              opener={
                                rowHref ? (
                                  <Link
                                    href={rowHref(row.original)}
                                    data-row-link=""
                                    className={cn(OPENER_CLASS, "min-w-0")}
                                  >
                                    {opener}
                                  </Link>
                                ) : (
                                  <button
                                    type="button"
                                    data-row-link=""
                                    className={cn(OPENER_CLASS, "min-w-0")}
                                    onClick={() => onRowOpen?.(row.original)}
                                  >
                                    {opener}
                                  </button>
                                )
                              }
                            />
                          </TableCell>
                        );
                      }
                      return (
                        <TableCell
                          key={cell.id}
                          data-sticky-end={meta.actions ? "" : undefined}
                          {...card}
                          className={cn(
                            meta.align === "right" && "text-right tabular-nums",
                            meta.actions && (opensRows ? STICKY_END_OPENING_ROW : STICKY_END_CELL),
                            meta.className,
                          )}
                        >
                          {primary && rowHref ? (
                            <Link href={rowHref(row.original)} data-row-link="" className={OPENER_CLASS}>
                              {opener}
                            </Link>
                          ) : primary && onRowOpen ? (
                            <button
                              type="button"
                              data-row-link=""
                              className={cn(OPENER_CLASS, "text-left")}
                              onClick={() => onRowOpen(row.original)}
                            >
                              {opener}
                            </button>
                          ) : (
                            content
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </RowTools>

      {paginated && (page || pagination.hasPrevious) ? (
        <DataTablePagination
          pagination={pagination}
          info={
            page
              ? {
                  count: page.data.length,
                  hasMore: "hasMore" in page && Boolean(page.hasMore),
                  nextCursor: "nextCursor" in page ? page.nextCursor : undefined,
                  totalCount: "totalCount" in page ? page.totalCount : undefined,
                }
              : undefined
          }
          fetching={query.isFetching}
          showingPrevious={query.isPlaceholderData}
          itemNoun={itemNoun}
        />
      ) : null}
    </div>
  );
}
