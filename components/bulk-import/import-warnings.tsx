"use client";

import { useQuery } from "@tanstack/react-query";
import { platformIdsInUseQuery } from "@/lib/client/api/customers";
import type { CsvPreview } from "@/lib/universal/bulk-import/preview";

/** "imp-0001, imp-0002 and imp-0003". */
function listed(ids: readonly string[]): string {
  return ids.length < 2 ? (ids[0] ?? "") : `${ids.slice(0, -1).join(", ")} and ${ids.at(-1)}`;
}

/**
 * What the preview's rows would do twice: ids that customers already have (the same file imported again, or its
 * imported rows left in a fixed file) and ids several rows give. The payment API lets two customers share a platform
 * customer id, so neither is refused: each would quietly become a second customer.
 */
export function ImportWarnings({ preview }: { preview: CsvPreview }) {
  const ids = [
    ...new Set(preview.rows.map((row) => row.cells.platformCustomerId?.trim() ?? "").filter(Boolean)),
  ].sort();
  const inUse = useQuery(platformIdsInUseQuery(ids));
  const taken = inUse.data ?? [];
  if (taken.length === 0 && preview.repeatedIds.length === 0) return null;
  return (
    <ul
      aria-label="Rows that would make second customers"
      className="flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {taken.length > 0 ? (
        <li>
          Customers already have{" "}
          {taken.length === 1 ? "the platform customer id" : "the platform customer ids"} {listed(taken)}
          {preview.moreRows ? " (in the rows checked here)" : ""}. Importing{" "}
          {taken.length === 1 ? "it" : "them"} again makes a second customer with each: take those rows out of
          the file first.
        </li>
      ) : null}
      {preview.repeatedIds.map(({ id, rowNumbers }) => (
        <li key={id}>
          Rows {listed(rowNumbers.map(String))} all give the platform customer id {id}: each would be a
          customer of its own.
        </li>
      ))}
    </ul>
  );
}
