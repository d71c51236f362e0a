"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { platformIdsInUseQuery } from "@/lib/client/api/customers";
import { distinctIds, type FileIds, repeatedRowIds } from "@/lib/universal/bulk-import/file-ids";
import { inUseWarning, repeatWarnings } from "@/lib/universal/bulk-import/id-warnings";
import type { CsvPreview } from "@/lib/universal/bulk-import/preview";

const NO_IDS: string[] = [];

/**
 * What the file's rows would do twice, over every row of it (the preview table shows only the first): ids that
 * customers already have (the same file imported again, or its imported rows left in a fixed file) and ids several
 * rows give. The payment API lets two customers share a platform customer id, so neither is refused: each would
 * quietly become a second customer. `fileIds` is undefined while the whole file is read.
 */
export function ImportWarnings({ preview, fileIds }: { preview: CsvPreview; fileIds: FileIds | undefined }) {
  const ids = React.useMemo(() => (fileIds ? distinctIds(fileIds.rows) : NO_IDS), [fileIds]);
  const inUse = useQuery(platformIdsInUseQuery(ids));
  const checking = fileIds === undefined || (ids.length > 0 && inUse.isPending);
  const taken = inUse.data ?? NO_IDS;
  const inUseText = fileIds
    ? inUseWarning(fileIds.rows, taken, { readRowsOnly: fileIds.error !== undefined })
    : null;
  const repeats = repeatWarnings(fileIds ? repeatedRowIds(fileIds.rows) : preview.repeatedIds);

  return (
    <>
      {checking ? (
        <p role="status" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
          Checking every row's platform customer id against the existing customers…
        </p>
      ) : null}
      {inUse.isError ? (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          Whether customers already have the file's platform customer ids could not be checked:{" "}
          {inUse.error.message}
        </p>
      ) : null}
      {inUseText !== null || repeats.length > 0 ? (
        <ul
          aria-label="Rows that would make second customers"
          className="flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {inUseText !== null ? <li>{inUseText}</li> : null}
          {repeats.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
