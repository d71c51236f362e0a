/** The request's id for logs and the audit log: the caller's X-Request-Id (cut to 64 characters) or a new one. */
export function requestIdFrom(headers: Headers): string {
  return headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
}
