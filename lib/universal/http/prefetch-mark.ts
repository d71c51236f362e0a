import type { IncomingMessage } from "node:http";

/**
 * Next.js strips its router's own headers (Next-Router-Prefetch among them) before proxy.ts sees a request, so the
 * console's server, which sees them first, says whether a request is the router fetching a page ahead of a click
 * under a private name of its own. Whatever a client sent under that name is dropped first.
 */
export const PREFETCH_MARK = "x-console-prefetch";

export function markPrefetch(request: IncomingMessage): void {
  delete request.headers[PREFETCH_MARK];
  if (request.headers["next-router-prefetch"] !== undefined) request.headers[PREFETCH_MARK] = "1";
}
