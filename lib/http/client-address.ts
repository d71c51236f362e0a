/**
 * The address a request came from, for rate limits and the audit log. Next appends the socket's address to
 * X-Forwarded-For, so the last entry is the one a client cannot choose; earlier entries are client-supplied.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || headers.get("x-real-ip") || "unknown";
}
