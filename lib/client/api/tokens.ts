import { queryOptions } from "@tanstack/react-query";
import type { ApiToken, CreateTokenBody } from "../../../shared/contract";
import { queryKeys } from "../../universal/api/keys";
import { TOKEN_EXPIRY_HEADER, type TokenProposalBody } from "../../universal/tokens/token-rules";
import { consoleCall, paymentsFetch } from "./client";

/**
 * GET /api/tokens: every token with who created and approved it and its expiry (expired ones are revoked as it is
 * read), the token proposals waiting for a second admin, and the secrets waiting for this person.
 */
export const consoleTokenListQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.tokens, "console"],
    queryFn: ({ signal }) => consoleCall("GET /api/tokens", { signal }),
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
  return consoleCall("POST /api/tokens/proposals", { body });
}

/** The proposer takes an approved token's secret, once. */
export function collectTokenSecret(tokenId: string) {
  return consoleCall("POST /api/tokens/[tokenId]/secret", { params: { tokenId } });
}

export function revokeToken(id: string) {
  return paymentsFetch<void>(`/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
