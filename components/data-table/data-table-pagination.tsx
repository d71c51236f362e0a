"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/universal/utils";
import { type ItemNoun, paginationSummary, RESULTS } from "./pagination-summary";
import type { CursorPagination } from "./use-cursor-pagination";

type CursorPageInfo = {
  /** Rows on this page. */
  count: number;
  hasMore: boolean;
  nextCursor?: string | undefined;
  totalCount?: number | undefined;
};

export type DataTablePaginationProps = {
  pagination: CursorPagination;
  /** The current page's facts; undefined while the first page loads. */
  info: CursorPageInfo | undefined;
  /** True while the list is being read: another page, or this one again in the background. */
  fetching?: boolean;
  /** True while the rows on screen are another page's, kept as the new page loads (react-query's placeholder). */
  showingPrevious?: boolean;
  /** What the rows are, for the summary: { one: "transaction", other: "transactions" }. */
  itemNoun?: ItemNoun;
  className?: string;
};

export function DataTablePagination({
  pagination,
  info,
  fetching = false,
  showingPrevious = false,
  itemNoun = RESULTS,
  className,
}: DataTablePaginationProps) {
  // While another page loads, the cursor on screen is the previous page's: following it again would skip a page.
  // A background refresh of this page (a live event, a refocus) keeps it: the rows on screen are the ones it
  // follows, and a press of Next then must not be ignored.
  const nextCursor = showingPrevious ? undefined : info?.hasMore ? info.nextCursor : undefined;
  const summary = info === undefined ? null : paginationSummary(info, itemNoun);

  return (
    <nav
      aria-label="Pagination"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400",
        className,
      )}
    >
      {/* Announced when the page changes, so Next and Previous say what they did. */}
      <p aria-live="polite" className="flex items-center gap-2 tabular-nums">
        {summary === null ? null : <span>{summary}</span>}
        {info === undefined ? null : (
          <span className="text-zinc-500 dark:text-zinc-400">· Page {pagination.page}</span>
        )}
        {fetching ? (
          <>
            <Spinner className="size-3.5" />
            <span className="sr-only">Loading</span>
          </>
        ) : null}
      </p>
      <div className="flex items-center gap-2">
        {/* aria-disabled, not disabled: reaching the last page must not drop keyboard focus from the button. */}
        <Button
          variant="outline"
          size="sm"
          aria-disabled={!pagination.hasPrevious || undefined}
          onClick={() => {
            if (pagination.hasPrevious) pagination.previous();
          }}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-disabled={nextCursor === undefined || undefined}
          onClick={() => {
            if (nextCursor !== undefined) pagination.next(nextCursor);
          }}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
