import "server-only";
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

/**
 * Every request to the console's API, reads included: a browser marks each with Sec-Fetch-Site, so one it marks as
 * anything but same-origin (a link or form on another site, an address typed into the bar) did not come from the
 * console's pages and must not run as the person whose cookie it carries. Programs that are not browsers send no
 * such header and are judged by their session and, for mutations, by isSameOriginRequest.
 */
export function isSameSiteFetch(headers: HeaderReader): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  return fetchSite === null || fetchSite === "same-origin";
}
