import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../../shared/api-error";
import { upstreamTarget } from "./target";

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
 * The payment API gave no (whole) answer. `mayHaveHappened` is false only when the request never left (no
 * connection): after it was sent, a time-out or a broken connection says nothing about what the API did.
 */
export class UpstreamFailure extends ApiError {
  constructor(
    status: 502 | 504,
    code: string,
    message: string,
    readonly mayHaveHappened: boolean,
  ) {
    super(status, code, message);
  }
}

/**
 * The console's one client of the payment API (the proxy's relay and the server's own reads both go through it), over
 * Node's own HTTP client, with the platform's credential. Resolves with the
 * answer's head as soon as it arrives; its body is the caller's to stream or read. Failures before an answer become
 * the console's errors: 504 on time-out, 502 when the API cannot be reached. The time-out covers the whole
 * exchange, body included.
 */
export function relayToPaymentApi(options: RelayRequest): Promise<IncomingMessage> {
  const target = upstreamTarget();
  const secure = target.secure;
  const headers: Record<string, string> = {
    ...options.headers,
    authorization: target.authorization,
    accept: "application/json",
  };
  if (typeof options.body === "string") headers["content-length"] = String(Buffer.byteLength(options.body));

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      protocol: secure ? "https:" : "http:",
      hostname: target.hostname,
      port: target.port,
      path: options.local ? options.path : `${target.basePath}${options.path}`,
      method: options.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });
    let timedOut = false;
    // Once a socket is connected, bytes of the request may have reached the API.
    let sent = false;
    request.on("socket", (socket) => {
      if (!socket.connecting) sent = true;
      else socket.once("connect", () => (sent = true));
    });
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
          ? new UpstreamFailure(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.", sent)
          : sent
            ? new UpstreamFailure(502, "UPSTREAM_UNAVAILABLE", "The payment API's connection broke.", true)
            : new UpstreamFailure(
                502,
                "UPSTREAM_UNAVAILABLE",
                "The payment API could not be reached.",
                false,
              ),
      );
    });
    if (options.body === undefined) request.end();
    else if (typeof options.body === "string") request.end(options.body);
    // A failed upload destroys the upstream request too, which rejects above.
    else pipeline(options.body, request).catch(() => {});
  });
}

/** Reads a whole answer's bytes. */
export function readAnswerBytes(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    // Ended early (the connection broke, or the time-out cut it): a partial answer must not pass for a whole one.
    const brokeOff = () =>
      reject(new UpstreamFailure(502, "UPSTREAM_UNAVAILABLE", "The payment API's answer broke off.", true));
    response.on("error", brokeOff);
    response.on("close", () => {
      if (!response.complete) brokeOff();
    });
  });
}

/** Reads a whole answer as text (audited calls need it before they reply). */
export async function readAnswerText(response: IncomingMessage): Promise<string> {
  return (await readAnswerBytes(response)).toString("utf8");
}
