import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type PageRead, pageReads } from "@/lib/page-reads/page-read";

/**
 * A server component: renders `children` with `reads` already in the browser's query cache, so the page's HTML
 * holds its content and the browser does not ask again (lib/page-reads/page-read.ts).
 */
export async function WithPageReads({ reads, children }: { reads: PageRead[]; children: ReactNode }) {
  return <HydrationBoundary state={await pageReads(reads)}>{children}</HydrationBoundary>;
}
