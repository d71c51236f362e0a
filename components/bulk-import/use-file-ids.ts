"use client";

import * as React from "react";
import type { FileIds } from "@/lib/universal/bulk-import/file-ids";

/** The checks of the whole file load with it, as the preview's do. */
const loadFileIds = () => import("@/lib/universal/bulk-import/file-ids");

/**
 * Every row's platformCustomerId in the chosen file, read whole (the preview reads only its start), or undefined
 * while it is read. The file stays in memory as the page's, so reading it again costs no upload.
 */
export function useFileIds(file: File | undefined): FileIds | undefined {
  const [result, setResult] = React.useState<{ file: File; ids: FileIds } | null>(null);
  React.useEffect(() => {
    if (!file) return;
    let cancelled = false;
    void Promise.all([file.text(), loadFileIds()]).then(([text, { fileRowIds }]) => {
      if (!cancelled) setResult({ file, ids: fileRowIds(text) });
    });
    return () => {
      cancelled = true;
    };
  }, [file]);
  return result && result.file === file ? result.ids : undefined;
}
