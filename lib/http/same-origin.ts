import type { HeaderReader } from "./header-reader";

/**
 * CSRF defence for every mutation: the request must come from the console's own pages. A browser sends Origin on
 * cross-site requests and Sec-Fetch-Site on all of them, so a request is accepted only when Sec-Fetch-Site (if
 * sent) says same-origin and Origin (if sent) is this console's; with neither header it is refused.
 * The expected origin comes from the Host header only: X-Forwarded-Host is client-controlled.
 */
export function isSameOriginRequest(
  headers: HeaderReader,
  requestUrl: string,
  extraOrigins: readonly string[] = [],
): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin") return false;
  const origin = headers.get("origin");
  if (origin === null) return fetchSite === "same-origin";
  if (origin === "null") return false;
  const host = headers.get("host");
  if (!host) return false;
  const protocol = new URL(requestUrl).protocol;
  return origin === `${protocol}//${host}` || extraOrigins.includes(origin);
}
