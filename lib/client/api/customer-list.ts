import { queryOptions } from "@tanstack/react-query";
import type { CustomerList, ListCustomersQuery } from "../../../shared/contract";
import { pageKeys } from "../../universal/api/keys";
import type { MatchingCustomers } from "../../universal/names/customer-matches";
import { consoleCall, paymentsFetch, toQuery } from "./client";

// The customer list's query alone: the configuration page counts customers with it, and importing it from
// customers.ts brought that module's customer, account and bulk-job code into the page's first load.

/** The list's query as the page builds it from the URL; `isIncludingDeleted` false is the API's default. */
export type CustomerListParams = Partial<Omit<ListCustomersQuery, "isIncludingDeleted" | "limit">> & {
  isIncludingDeleted?: boolean;
  limit?: number;
  /** Words of a name, email, UMA address or id: answered by the console, which the API cannot (GET /api/customers/matching). */
  q?: string | undefined;
};

export const customerListQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: pageKeys.customerList(params),
    queryFn: ({
      signal,
    }): Promise<CustomerList & Partial<Pick<MatchingCustomers, "searched" | "complete" | "older">>> => {
      const { q, ...filters } = params;
      const query = { ...filters, isIncludingDeleted: params.isIncludingDeleted ? true : undefined };
      return q
        ? consoleCall("GET /api/customers/matching", { query: { ...query, q }, signal })
        : paymentsFetch<CustomerList>(`/customers${toQuery(query)}`, { signal });
    },
    placeholderData: (previous) => previous,
  });
