import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { CustomerSearchResult } from "../../universal/names/customer-matches";
import type { Names } from "../../universal/names/labels";
import { consoleFetch, toQuery } from "./client";

/** GET /api/names (app/api/names/route.ts) for the ids on a list's page; a customer change refreshes it. */
export const namesQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "names", ids],
    queryFn: ({ signal }) => consoleFetch<Names>(`/api/names${toQuery({ ids: ids.join(",") })}`, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** GET /api/customers/search (app/api/customers/search/route.ts): customers by name, email, address or id. */
export const customerSearchQuery = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "search", text],
    queryFn: ({ signal }) =>
      consoleFetch<CustomerSearchResult>(`/api/customers/search${toQuery({ q: text, limit: 10 })}`, {
        signal,
      }),
    enabled: text.trim() !== "",
    staleTime: 30_000,
  });
