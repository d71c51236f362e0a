// Which of the two platforms a process hosts (service/platforms.ts) answers a request: the credential decides, as the
// API's credentials select the environment at one base URL.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basicPair } from "./auth";
import type { ApiEnvironment } from "./config";

/**
 * Links the production platform hands out (hosted KYC pages) start with this prefix, which the dispatcher strips:
 * a page for people carries no credential to choose the platform by.
 */
export const PRODUCTION_PATH_PREFIX = "/production";

export interface DispatchRules {
  sandboxTokenId: string;
  productionTokenId: string;
  /** Whether production's API tokens table holds this client id (one indexed lookup). */
  productionHoldsToken(clientId: string): Promise<boolean>;
}

export interface Destination {
  platform: ApiEnvironment;
  /** The URL the platform's app is to see (the production prefix taken off). */
  url: string;
}

const digest = (value: string) => createHash("sha256").update(value).digest();
const sameId = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** An API token's client id as service/domain/tokens.ts makes them; anything else is no token of either platform. */
const looksLikeApiToken = (id: string) => id.startsWith("tok_") && id.length <= 100;

/**
 * The production prefix → production (the path without it); the production credential's token id, or an API
 * token production holds → production; everything else (the sandbox credential, sandbox tokens, no or malformed
 * credentials, the open `/_local/health*` and public-key paths, hosted pages) → sandbox, which answers 401 for bad
 * credentials as it always did. A failed lookup sends the request to production, whose own lookup then answers 503
 * in the API's shape rather than the sandbox's misleading 401.
 */
export async function choosePlatform(
  url: string,
  authorization: string | undefined,
  rules: DispatchRules,
): Promise<Destination> {
  if (url === PRODUCTION_PATH_PREFIX || url.startsWith(`${PRODUCTION_PATH_PREFIX}/`)) {
    return { platform: "production", url: url.slice(PRODUCTION_PATH_PREFIX.length) || "/" };
  }
  const pair = basicPair(authorization);
  if (!pair) return { platform: "sandbox", url };
  if (sameId(pair.id, rules.productionTokenId)) return { platform: "production", url };
  if (sameId(pair.id, rules.sandboxTokenId) || !looksLikeApiToken(pair.id))
    return { platform: "sandbox", url };
  const inProduction = await rules.productionHoldsToken(pair.id).catch(() => true);
  return { platform: inProduction ? "production" : "sandbox", url };
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** One HTTP server's request handler that hands each request to its platform's app. */
export function dispatchingHandler(
  handlers: Record<ApiEnvironment, RequestHandler>,
  rules: DispatchRules,
): RequestHandler {
  return (request, response) => {
    void choosePlatform(request.url ?? "/", request.headers.authorization, rules).then((destination) => {
      request.url = destination.url;
      handlers[destination.platform](request, response);
    });
  };
}
