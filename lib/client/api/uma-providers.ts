import { queryOptions } from "@tanstack/react-query";
import type { ListUmaProvidersQuery, UmaProviderList } from "../../../shared/contract";
import { queryKeys } from "../../universal/api/keys";
import { paymentsFetch, toQuery } from "./client";

/** GET /uma-providers filters, every value optional (the API includes blocked providers unless told not to). */
export type UmaProviderListParams = Partial<
  Pick<ListUmaProvidersQuery, "countryCode" | "currencyCode" | "hasBlockedProviders" | "cursor" | "limit">
>;

export const umaProviderListQuery = (params: UmaProviderListParams) =>
  queryOptions({
    queryKey: [...queryKeys.umaProviders, params],
    queryFn: ({ signal }) => paymentsFetch<UmaProviderList>(`/uma-providers${toQuery(params)}`, { signal }),
    placeholderData: (previous) => previous,
    // The list changes rarely: a provider added or blocked is news of the day, not of the minute.
    staleTime: 5 * 60_000,
  });
