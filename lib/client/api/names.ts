import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import { consoleCall } from "./client";

/** GET /api/names (app/api/names/route.ts) for the ids on a list's page; a customer change refreshes it. */
export const namesQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "names", ids],
    queryFn: ({ signal }) => consoleCall("GET /api/names", { query: { ids: ids.join(",") }, signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** GET /api/customers/search (app/api/customers/search/route.ts): customers by name, email, address or id. */
export const customerSearchQuery = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "search", text],
    queryFn: ({ signal }) =>
      consoleCall("GET /api/customers/search", { query: { q: text, limit: 10 }, signal }),
    enabled: text.trim() !== "",
    staleTime: 30_000,
  });
