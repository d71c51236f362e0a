import { queryOptions } from "@tanstack/react-query";
import type { ApiToken, ApiTokenList, CreateTokenBody } from "../../shared/contract";
import { paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

export const tokenListQuery = (cursor?: string) =>
  queryOptions({
    queryKey: [...queryKeys.tokens, "list", cursor ?? null],
    queryFn: ({ signal }) =>
      paymentsFetch<ApiTokenList>(`/tokens${toQuery({ limit: 100, cursor })}`, { signal }),
  });

/** POST /tokens: the answer carries the secret, once; nothing keeps it after the page shows it. */
export function createToken(body: CreateTokenBody) {
  return paymentsFetch<ApiToken>("/tokens", { method: "POST", body });
}

export function revokeToken(id: string) {
  return paymentsFetch<void>(`/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
