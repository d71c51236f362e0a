import "server-only";
import type { ServerResponse } from "node:http";
import type { ApiError } from "../../shared/api-error";
import { SECURITY_HEADERS } from "../http/security-headers.mjs";

// The headers next.config.mjs gives every response of the console, which the relay answers without Next.js.
export const BASE_HEADERS: Record<string, string> = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
  "cache-control": "no-store",
};

/**
 * The whole answer in one write: Node sends a string body together with the head. `latin1` carries bytes as they
 * came (one character a byte), for answers relayed unread.
 */
export function send(
  outgoing: ServerResponse,
  status: number,
  headers: Record<string, string>,
  text: string,
  encoding: "utf8" | "latin1" = "utf8",
): void {
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  outgoing.writeHead(status, {
    ...BASE_HEADERS,
    ...headers,
    "content-length": String(Buffer.byteLength(text, encoding)),
  });
  outgoing.end(text, encoding);
}

/** A console error in the API's error shape. */
export function sendError(
  outgoing: ServerResponse,
  error: ApiError,
  headers: Record<string, string> = {},
): void {
  send(
    outgoing,
    error.status,
    { ...headers, "content-type": "application/json" },
    JSON.stringify(error.toBody()),
  );
}
