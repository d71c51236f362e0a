import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api-error";
import type { Customer, Quote, Transaction } from "../../../shared/contract";
import type { CustomerChoice, OlderByName } from "../../universal/names/customer-matches";
import type { SearchLookup } from "../../universal/search/search-plan";
import { consoleCall, paymentsFetch, toQuery } from "../api/client";

/** How many records of a list lookup are shown; the link under them opens the whole filtered list. */
const SEARCH_PREVIEW_LIMIT = 5;

type Found<T> = { records: T[]; hasMore: boolean };

export type SearchAnswer =
  | ({ kind: "transactions" } & Found<Transaction>)
  | ({ kind: "customers" } & Found<Customer>)
  | ({ kind: "quotes" } & Found<Quote>)
  /** Customers by words of their name or email; `complete` false when only the newest `searched` were read. */
  | ({
      kind: "customerChoices";
      searched: number;
      complete: boolean;
      older?: OlderByName | undefined;
    } & Found<CustomerChoice>);

/** A malformed or unknown id is no match, not a failure: the person sees "nothing found", not an error. */
function orNone<T>(request: Promise<T>): Promise<T | null> {
  return request.catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}

/** A record by its id, as a one-row answer, or an empty one. */
async function byId<T>(path: string, signal: AbortSignal): Promise<Found<T>> {
  const found = await orNone(paymentsFetch<T>(path, { signal }));
  return { records: found ? [found] : [], hasMore: false };
}

/** The first records of a filtered list. */
async function firstPage<T>(path: string, signal: AbortSignal): Promise<Found<T>> {
  const page = await orNone(paymentsFetch<{ data: T[]; hasMore: boolean }>(path, { signal }));
  return { records: page?.data ?? [], hasMore: page?.hasMore ?? false };
}

/**
 * The list a list lookup filters, with its filter: the same for the API's request and for the console's list page.
 * Deleted customers are found too: whoever searches by a customer's id wants to know it existed.
 */
function listOf(lookup: Extract<SearchLookup, { kind: "customers" | "transactions" }>) {
  return lookup.kind === "customers"
    ? { path: "/customers", params: { [lookup.filter]: lookup.value, isIncludingDeleted: true } }
    : { path: "/transactions", params: { [lookup.filter]: lookup.value } };
}

async function answer(lookup: SearchLookup, signal: AbortSignal): Promise<SearchAnswer> {
  const id = "id" in lookup ? encodeURIComponent(lookup.id) : "";
  switch (lookup.kind) {
    case "transaction":
      return { kind: "transactions", ...(await byId<Transaction>(`/transactions/${id}`, signal)) };
    case "customer":
      return { kind: "customers", ...(await byId<Customer>(`/customers/${id}`, signal)) };
    case "quote":
      // GET /quotes/{quoteId}: not in the specification's table, but the API has it (api-notes §7).
      return { kind: "quotes", ...(await byId<Quote>(`/quotes/${id}`, signal)) };
    case "customerNames": {
      // The customer pickers' search (GET /api/customers/search): every customer up to its bound, not the newest
      // page, as the customers pages show them to the signed-in role.
      const found = await orNone(
        consoleCall("GET /api/customers/search", {
          query: { q: lookup.text, limit: SEARCH_PREVIEW_LIMIT },
          signal,
        }),
      );
      return {
        kind: "customerChoices",
        records: found?.data ?? [],
        hasMore: false,
        searched: found?.searched ?? 0,
        complete: found?.complete ?? true,
        older: found?.older,
      };
    }
    case "customers":
    case "transactions": {
      const { path, params } = listOf(lookup);
      const url = `${path}${toQuery({ ...params, limit: SEARCH_PREVIEW_LIMIT })}`;
      return lookup.kind === "customers"
        ? { kind: "customers", ...(await firstPage<Customer>(url, signal)) }
        : { kind: "transactions", ...(await firstPage<Transaction>(url, signal)) };
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
  if (lookup.kind !== "customers" && lookup.kind !== "transactions") return undefined;
  const { path, params } = listOf(lookup);
  return `${path}${toQuery(params)}`;
}
