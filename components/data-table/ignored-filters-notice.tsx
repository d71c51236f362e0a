"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { type FilterDef, filterKeyLabels } from "./filters";
import type { DataTableFilters } from "./use-data-table-filters";

/** Long values (a pasted id gone wrong) are cut, so the notice stays a line. */
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);

/**
 * Says which filters of the page's address were not valid (a link edited by hand, an option the list no longer
 * has), so nobody reads the whole list as the filtered one; and takes them out of the address.
 */
export function IgnoredFiltersNotice({
  filters,
  state,
}: {
  filters: readonly FilterDef[];
  state: Pick<DataTableFilters<readonly FilterDef[]>, "ignored" | "setFilters">;
}) {
  if (state.ignored.length === 0) return null;
  const labels = filterKeyLabels(filters);
  const named = state.ignored.map(({ key, value }) => `${labels[key] ?? key} “${shown(value)}”`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return (
    <p
      role="status"
      className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        The address gives {list}, which{" "}
        {named.length === 1 ? "is not a valid filter" : "are not valid filters"} here: the list is not
        narrowed by {named.length === 1 ? "it" : "them"}.
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => state.setFilters(Object.fromEntries(state.ignored.map(({ key }) => [key, null])))}
      >
        Remove from the address
      </Button>
    </p>
  );
}
