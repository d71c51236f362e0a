import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { allowedMethods, matchProxyRoute, type ProxyRoute } from "../../../universal/relay/route-table";
import { isUnstorableString } from "../../../universal/text/storable";

/** Where the relay answers: every path under it is looked up in the route table. */
export const PROXY_PREFIX = "/api/payments/";

export type RouteLookup =
  | { kind: "matched"; route: ProxyRoute; params: Record<string, string>; segments: string[] }
  | { kind: "refused"; error: ApiError; headers: Record<string, string> };

/**
 * The first step: the route table's entry for a method and a path under PROXY_PREFIX, or why there is none
 * (400 for a path that is not valid percent-encoding, 405 with Allow for a known path, else 404). The relay tells
 * only signed-in people why: anonymous callers learn nothing of the route table (lib/server/relay/pipeline.ts).
 */
export function lookUpRoute(method: string, pathname: string): RouteLookup {
  const segments = pathSegments(pathname);
  const match = segments ? matchProxyRoute(method, segments) : null;
  // Named one by one, not spread: V8 gives a spread between properties a new hidden class on every call
  // (lib/server/http/merge-headers.ts).
  if (segments && match) return { kind: "matched", route: match.route, params: match.params, segments };
  if (!segments) {
    return {
      kind: "refused",
      error: new ApiError(400, "INVALID_INPUT", "The request path is not valid."),
      headers: {},
    };
  }
  const allowed = allowedMethods(segments);
  if (allowed.length > 0) {
    return {
      kind: "refused",
      error: new ApiError(405, "METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")} on this route.`),
      headers: { allow: allowed.join(", ") },
    };
  }
  return {
    kind: "refused",
    error: new ApiError(404, "NOT_FOUND", "No such payment API route in the console."),
    headers: {},
  };
}

/**
 * The path under PROXY_PREFIX as decoded segments; null when it is not valid percent-encoding, or decodes to text no
 * database can compare (NUL, an unpaired surrogate: lib/universal/text/storable.ts), which a step's query would fail on.
 */
function pathSegments(pathname: string): string[] | null {
  try {
    const segments = pathname.slice(PROXY_PREFIX.length).split("/").map(decodeURIComponent);
    return segments.some(isUnstorableString) ? null : segments;
  } catch {
    return null;
  }
}
