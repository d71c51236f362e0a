import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type PageRead, pageReads } from "@/lib/payment-api/page-reads";

/**
 * A server component: renders `children` with `reads` already in the browser's query cache, so the page's HTML
 * holds its content and the browser does not ask again (lib/payment-api/page-reads.ts).
 */
export async function WithPageReads({ reads, children }: { reads: PageRead[]; children: ReactNode }) {
  return <HydrationBoundary state={await pageReads(reads)}>{children}</HydrationBoundary>;
}
