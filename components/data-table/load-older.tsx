"use client";

import { Button } from "@/components/ui/button";
import { type ItemNoun, paginationSummary } from "./pagination-summary";

/** What the footer needs of an infinite query of console pages (lib/universal/console-api/types.ts). */
type OlderPages = {
  data?: { pages: { totalCount?: number | undefined }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The foot of a list read newest first a page at a time: how many of how many it shows ("Showing 50 of 312
 * entries"), and a button that loads the next, older page while there is one.
 */
export function LoadOlder({
  query,
  count,
  noun,
  size,
}: {
  query: OlderPages;
  /** How many rows the loaded pages hold. */
  count: number;
  noun: ItemNoun;
  size?: "sm";
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {paginationSummary({ count, totalCount: query.data?.pages.at(-1)?.totalCount }, noun)}
      </p>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size={size}
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          loadingText="Loading…"
        >
          Load older {noun.other}
        </Button>
      ) : null}
    </div>
  );
}
