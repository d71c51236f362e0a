import { queryOptions } from "@tanstack/react-query";
import type { Customer, CustomerList, Quote, Transaction, TransactionList } from "../contract";
import { ApiRequestError, paymentsFetch, toQuery } from "../payments/client";
import type { SearchLookup } from "./search-plan";

/** How many records of a list lookup are shown; the link under them opens the whole filtered list. */
export const SEARCH_PREVIEW_LIMIT = 5;

export type SearchAnswer =
  | { kind: "transactions"; records: Transaction[]; hasMore: boolean }
  | { kind: "customers"; records: Customer[]; hasMore: boolean }
  | { kind: "quotes"; records: Quote[]; hasMore: boolean };

/** A malformed or unknown id is no match, not a failure: the person sees "nothing found", not an error. */
function orNone<T>(request: Promise<T>): Promise<T | null> {
  return request.catch((error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}

async function answer(lookup: SearchLookup, signal: AbortSignal): Promise<SearchAnswer> {
  switch (lookup.kind) {
    case "transaction": {
      const found = await orNone(
        paymentsFetch<Transaction>(`/transactions/${encodeURIComponent(lookup.id)}`, { signal }),
      );
      return { kind: "transactions", records: found ? [found] : [], hasMore: false };
    }
    case "customer": {
      const found = await orNone(
        paymentsFetch<Customer>(`/customers/${encodeURIComponent(lookup.id)}`, { signal }),
      );
      return { kind: "customers", records: found ? [found] : [], hasMore: false };
    }
    case "quote": {
      // GET /quotes/{quoteId}: not in the specification's table, but the API has it (api-notes §7).
      const found = await orNone(
        paymentsFetch<Quote>(`/quotes/${encodeURIComponent(lookup.id)}`, { signal }),
      );
      return { kind: "quotes", records: found ? [found] : [], hasMore: false };
    }
    case "customers": {
      // Deleted customers are found too: whoever searches by a customer's id wants to know it existed.
      const page = await orNone(
        paymentsFetch<CustomerList>(
          `/customers${toQuery({ [lookup.filter]: lookup.value, isIncludingDeleted: true, limit: SEARCH_PREVIEW_LIMIT })}`,
          { signal },
        ),
      );
      return { kind: "customers", records: page?.data ?? [], hasMore: page?.hasMore ?? false };
    }
    case "transactions": {
      const page = await orNone(
        paymentsFetch<TransactionList>(
          `/transactions${toQuery({ [lookup.filter]: lookup.value, limit: SEARCH_PREVIEW_LIMIT })}`,
          { signal },
        ),
      );
      return { kind: "transactions", records: page?.data ?? [], hasMore: page?.hasMore ?? false };
    }
  }
}

export const searchQuery = (lookup: SearchLookup) =>
  queryOptions({
    queryKey: ["search", lookup] as const,
    queryFn: ({ signal }) => answer(lookup, signal),
    staleTime: 15_000,
    retry: false,
  });

/** Where the whole list behind a list lookup opens, when the preview holds only its first records. */
export function lookupListHref(lookup: SearchLookup): string | undefined {
  switch (lookup.kind) {
    case "customers":
      return `/customers${toQuery({ [lookup.filter]: lookup.value, isIncludingDeleted: true })}`;
    case "transactions":
      return `/transactions${toQuery({ [lookup.filter]: lookup.value })}`;
    default:
      return undefined;
  }
}
