"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import * as React from "react";

/**
 * Starts a chunk's download without waiting for it; a failed download is simply tried again when it is rendered.
 * The `dynamic()` that renders the chunk keeps its own literal `import()`: Next.js's compiler reads the chunk from it.
 */
export function preload(load: () => Promise<unknown>): void {
  void load().catch(() => undefined);
}

/**
 * Asks for the data a lazily loaded part shows as the page mounts (`prefetch` calls `queryClient.prefetchQuery`),
 * so the part's code and its data download side by side instead of one after the other. `prefetch` must be stable.
 */
export function usePrefetchDataOnMount(prefetch: (queryClient: QueryClient) => void, enabled = true): void {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (enabled) prefetch(queryClient);
  }, [enabled, prefetch, queryClient]);
}
