import { queryOptions } from "@tanstack/react-query";
import type { CustomerList, ListCustomersQuery } from "../../../shared/contract";
import { pageKeys } from "../../universal/api/keys";
import { paymentsFetch, toQuery } from "./client";

// The customer list's query alone: the configuration page counts customers with it, and importing it from
// customers.ts brought that module's customer, account and bulk-job code into the page's first load.

/** The list's query as the page builds it from the URL; `isIncludingDeleted` false is the API's default. */
export type CustomerListParams = Partial<Omit<ListCustomersQuery, "isIncludingDeleted" | "limit">> & {
  isIncludingDeleted?: boolean;
  limit?: number;
};

export const customerListQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: pageKeys.customerList(params),
    queryFn: ({ signal }) =>
      paymentsFetch<CustomerList>(
        `/customers${toQuery({ ...params, isIncludingDeleted: params.isIncludingDeleted ? true : undefined })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
