import "server-only";
import type { ServerResponse } from "node:http";
import type { ApiError } from "../../../shared/api-error";
import { SECURITY_HEADERS } from "../../universal/http/security-headers.mjs";
import { mergeHeaders } from "../http/merge-headers";

// The headers next.config.mjs gives every response of the console, which the relay answers without Next.js.
export const BASE_HEADERS: Record<string, string> = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
  "cache-control": "no-store",
};

export const JSON_CONTENT = { "content-type": "application/json" };

/**
 * The whole answer at once: a string body goes out with the head in one write; bytes relayed unread are sent as
 * they came, with the head in the same system call (`end` corks the socket), never turned into a string and back.
 */
export function send(
  outgoing: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  outgoing.writeHead(
    status,
    mergeHeaders(BASE_HEADERS, headers, {
      "content-length": String(typeof body === "string" ? Buffer.byteLength(body) : body.length),
    }),
  );
  outgoing.end(body);
}

/** A console error in the API's error shape. */
export function sendError(
  outgoing: ServerResponse,
  error: ApiError,
  headers: Record<string, string> = {},
): void {
  send(outgoing, error.status, mergeHeaders(headers, JSON_CONTENT), JSON.stringify(error.toBody()));
}
