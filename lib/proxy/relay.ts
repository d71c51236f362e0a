import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "../env";
import { ConsoleError } from "../http/errors";
import { paymentApiAuthorization } from "./upstream";

// Kept-alive connections to the payment API: a new TCP (and TLS) handshake per proxied call would cost more than
// the call itself.
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64 };
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

export interface RelayRequest {
  method: string;
  /** Path and query, relative to the API's base URL (or to the local service's origin when `local`). */
  path: string;
  headers: Record<string, string>;
  /** A checked JSON text, or a stream (a CSV upload) that goes up as it arrives. */
  body?: string | Readable;
  local: boolean;
  timeoutMs: number;
}

/**
 * The proxy's upstream call over Node's own HTTP client, with the platform's credential. Resolves with the
 * answer's head as soon as it arrives; its body is the caller's to stream or read. Failures before an answer become
 * the console's errors: 504 on time-out, 502 when the API cannot be reached. The time-out covers the whole
 * exchange, body included.
 */
export function relayToPaymentApi(options: RelayRequest): Promise<IncomingMessage> {
  const base = env().PAYMENT_API_BASE_URL;
  const url = new URL(options.local ? `${new URL(base).origin}${options.path}` : `${base}${options.path}`);
  const secure = url.protocol === "https:";
  const headers: Record<string, string> = {
    ...options.headers,
    authorization: paymentApiAuthorization(),
    accept: "application/json",
  };
  if (typeof options.body === "string") headers["content-length"] = String(Buffer.byteLength(options.body));

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, {
      method: options.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error("time-out"));
    }, options.timeoutMs);
    request.on("response", (response) => {
      response.on("close", () => clearTimeout(timer));
      resolve(response);
    });
    request.on("error", () => {
      clearTimeout(timer);
      // After an answer began this changes nothing: the answer's own stream reports the failure.
      reject(
        timedOut
          ? new ConsoleError(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.")
          : new ConsoleError(502, "UPSTREAM_UNAVAILABLE", "The payment API could not be reached."),
      );
    });
    if (options.body === undefined) request.end();
    else if (typeof options.body === "string") request.end(options.body);
    // A failed upload destroys the upstream request too, which rejects above.
    else pipeline(options.body, request).catch(() => {});
  });
}

/** Reads a whole answer as text (audited calls need it before they reply). */
export async function readAnswerText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
