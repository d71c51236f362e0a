import { queryOptions } from "@tanstack/react-query";
import type { ApiToken, ApiTokenList, CreateTokenBody } from "../../../shared/contract";
import { queryKeys } from "../../universal/api/keys";
import type { ConsoleTokenList } from "../../universal/api/token-list";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { TOKEN_EXPIRY_HEADER, type TokenProposalBody } from "../../universal/tokens/token-rules";
import { consoleFetch, paymentsFetch, toQuery } from "./client";

export const tokenListQuery = (cursor?: string) =>
  queryOptions({
    queryKey: [...queryKeys.tokens, "list", cursor ?? null],
    queryFn: ({ signal }) =>
      paymentsFetch<ApiTokenList>(`/tokens${toQuery({ limit: 100, cursor })}`, { signal }),
  });

/**
 * GET /api/tokens: every token with who created and approved it and its expiry (expired ones are revoked as it is
 * read), the token proposals waiting for a second admin, and the secrets waiting for this person.
 */
export const consoleTokenListQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.tokens, "console"],
    queryFn: ({ signal }) => consoleFetch<ConsoleTokenList>("/api/tokens", { signal }),
  });

/** POST /tokens (VIEW only): the answer carries the secret, once; nothing keeps it after the page shows it. */
export function createToken(body: CreateTokenBody, expiresInDays?: number) {
  return paymentsFetch<ApiToken>("/tokens", {
    method: "POST",
    body,
    ...(expiresInDays ? { headers: { [TOKEN_EXPIRY_HEADER]: String(expiresInDays) } } : {}),
  });
}

/** POST /api/tokens/proposals: a TRANSACT or MANAGE token waits for another admin's approval. */
export function proposeToken(body: TokenProposalBody) {
  return consoleFetch<ConfigProposal & { message: string }>("/api/tokens/proposals", {
    method: "POST",
    body,
  });
}

/** The proposer takes an approved token's secret, once. */
export function collectTokenSecret(tokenId: string) {
  return consoleFetch<ApiToken>(`/api/tokens/${encodeURIComponent(tokenId)}/secret`, { method: "POST" });
}

export function revokeToken(id: string) {
  return paymentsFetch<void>(`/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
