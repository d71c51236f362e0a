import "server-only";
import type { IncomingHttpHeaders } from "node:http";

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port: what can follow `https://`.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first of a header's comma-separated values (the one the proxy nearest the browser wrote), trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  return joined?.split(",")[0]?.trim();
}

/**
 * X-Forwarded-Proto and X-Forwarded-Host made one value each that can begin a URL, before anything reads them.
 *
 * Auth.js (trustHost) and the console's own code build the console's origin as `${proto}://${host}` from these
 * headers. A chain of proxies may write several values (`https, http`), and any client may send anything
 * (`gopher`, `a b`): either made the session check throw, and every page answered 503 and logged an error. Each
 * header now keeps its first value if that is `http` or `https` (any case) for the scheme, or a host name, an
 * address and an optional port for the host; otherwise it is removed, and the socket's own scheme and the Host
 * header stand, as with no proxy at all.
 */
export function normaliseForwardedHeaders(headers: IncomingHttpHeaders): void {
  const proto = headers["x-forwarded-proto"];
  if (proto !== undefined) {
    const scheme = first(proto)?.toLowerCase();
    if (scheme === "http" || scheme === "https") headers["x-forwarded-proto"] = scheme;
    else delete headers["x-forwarded-proto"];
  }
  const forwardedHost = headers["x-forwarded-host"];
  if (forwardedHost !== undefined) {
    const host = first(forwardedHost);
    if (host && HOST.test(host)) headers["x-forwarded-host"] = host;
    else delete headers["x-forwarded-host"];
  }
}
