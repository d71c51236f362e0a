import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type PageRead, pageReads } from "@/lib/server/page-reads/page-read";

/**
 * A server component: renders `children` with `reads` already in the browser's query cache, so the page's HTML
 * holds its content and the browser does not ask again (lib/server/page-reads/page-read.ts).
 */
export async function WithPageReads({ reads, children }: { reads: PageRead[]; children: ReactNode }) {
  return <HydrationBoundary state={await pageReads(reads)}>{children}</HydrationBoundary>;
}

/** What a list page gets from Next.js: its address's query, which decides whether WithFirstPage reads. */
export type ListPageProps = { searchParams: Promise<Record<string, unknown>> };

/**
 * A list with its first page already read (lib/server/page-reads/list-reads.ts) when the page was opened with nothing in its
 * address, as from the navigation. With filters, a saved view or a later page the browser reads it: the date filters
 * hold calendar days that only the browser can turn into instants, in the person's time zone.
 */
export async function WithFirstPage({
  read,
  searchParams,
  children,
}: ListPageProps & { read: PageRead; children: ReactNode }) {
  const unfiltered = Object.keys(await searchParams).length === 0;
  return <WithPageReads reads={unfiltered ? [read] : []}>{children}</WithPageReads>;
}
