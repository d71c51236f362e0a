"use client";

import { type QueryClient, useQuery } from "@tanstack/react-query";

/**
 * What a person revealed of a payment's counterparty while on its page, and why: shared by the parts of the page that
 * show the same field (the Counterparty card, the screening's comparison), so one reveal fills both. Kept in the
 * page's query cache only, never stored: it goes when the page does.
 */
export type RevealedOnPage = Partial<Record<string, { value: string; justification: string }>>;

const keyOf = (transactionId: string) => ["revealed-on-page", transactionId] as const;

/** The fields revealed so far of this payment's counterparty (none before the first reveal). */
export function useRevealedOnPage(transactionId: string | undefined): RevealedOnPage {
  const query = useQuery({
    queryKey: keyOf(transactionId ?? ""),
    // Never fetched: the cache entry is written by rememberRevealed.
    queryFn: (): RevealedOnPage => ({}),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return transactionId ? (query.data ?? {}) : {};
}

/** Records a field revealed with its reason, for the other parts of the page that show it. */
export function rememberRevealed(
  queryClient: QueryClient,
  transactionId: string,
  field: string,
  value: string,
  justification: string,
): void {
  queryClient.setQueryData<RevealedOnPage>(keyOf(transactionId), (before) => ({
    ...before,
    [field]: { value, justification },
  }));
}
