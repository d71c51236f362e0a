import "server-only";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody } from "../../../shared/api-error";
import { SECURITY_HEADERS } from "../../universal/http/security-headers.mjs";
import { mergeHeaders } from "./merge-headers";

/** The methods any console page or route handler answers; Next.js answers the others with a 500. */
const CONSOLE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const ALLOW = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";

/** The security headers every answer carries, for a JSON answer that is never cached: the console's own answers. */
export const ANSWER_HEADERS: Record<string, string> = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
  "cache-control": "no-store",
  "content-type": "application/json",
};

const METHOD_NOT_ALLOWED = errorBody(405, "METHOD_NOT_ALLOWED", "The console does not answer this method.");

/** Whether Next.js can be given a request of this method (TRACE, PROPFIND and the like it cannot). */
export const isConsoleMethod = (method: string | undefined) => CONSOLE_METHODS.has(method ?? "");

/** 405 in the API's error shape, for a method no console route has. */
export function answerUnknownMethod(response: ServerResponse): void {
  const body = JSON.stringify(METHOD_NOT_ALLOWED);
  response.writeHead(
    405,
    mergeHeaders(ANSWER_HEADERS, { allow: ALLOW, "content-length": String(Buffer.byteLength(body)) }),
  );
  response.end(body);
}

/** A CONNECT request (Node hands it over as a bare socket): 405, and the connection closed. */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, METHOD_NOT_ALLOWED, { allow: ALLOW });
}

/**
 * A request Node's HTTP parser refused before any handler saw it (a method it does not know, like TRACK; headers
 * too large; broken framing): answered in the API's error shape instead of Node's bare 400, then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const body =
    error.code === "HPE_INVALID_METHOD"
      ? METHOD_NOT_ALLOWED
      : error.code === "HPE_HEADER_OVERFLOW"
        ? errorBody(431, "REQUEST_HEADERS_TOO_LARGE", "The request's headers are too large.")
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? errorBody(408, "REQUEST_TIMEOUT", "The request was not received in time.")
          : errorBody(400, "INVALID_INPUT", "The request is not valid HTTP.");
  answerOnSocket(socket, body, body.status === 405 ? { allow: ALLOW } : {});
}

function answerOnSocket(
  socket: Duplex,
  error: ReturnType<typeof errorBody>,
  extra: Record<string, string>,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = JSON.stringify(error);
  const headers = mergeHeaders(ANSWER_HEADERS, extra, {
    "content-length": String(Buffer.byteLength(text)),
    connection: "close",
  });
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}\r\n${head}\r\n${text}`, () =>
    socket.destroy(),
  );
}
