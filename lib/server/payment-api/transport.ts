import "server-only";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { type Dispatcher, Pool } from "undici";
import { ApiError } from "../../../shared/api-error";
import { mergeHeaders } from "../http/merge-headers";
import { upstreamTarget } from "./target";

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

// Kept-alive connections to the payment API, one pool per origin: a new TCP (and TLS) handshake per proxied call
// would cost more than the call itself.
const MAX_CONNECTIONS = 256;
const pools = new Map<string, Pool>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    // undici's own waits for the head and between body chunks are off: the exchange's one time-out (RelayRequest's
    // timeoutMs, up to 15 minutes for an upload) covers it all, as it always has.
    pool = new Pool(origin, { connections: MAX_CONNECTIONS, headersTimeout: 0, bodyTimeout: 0 });
    pools.set(origin, pool);
  }
  return pool;
}

/**
 * The console's one client of the payment API (the proxy's relay and the server's own reads both go through it),
 * with the platform's credential. Resolves with the answer's head as soon as it arrives; its body is the caller's
 * to read, stream or drop. Failures before an answer become the console's errors: 504 on time-out, 502 when the
 * API cannot be reached. The time-out covers the whole exchange, body included.
 */
export function relayToPaymentApi(options: RelayRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    exchange(options, resolve, reject);
  });
}

/** Reads a whole answer's bytes; fails (502) when the answer broke off. */
export function readAnswerBytes(answer: UpstreamAnswer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    answer.read(resolve, reject);
  });
}

/** Reads a whole answer as text (audited calls need it before they reply). */
export async function readAnswerText(answer: UpstreamAnswer): Promise<string> {
  return (await readAnswerBytes(answer)).toString("utf8");
}

const brokeOff = () =>
  new UpstreamFailure(502, "UPSTREAM_UNAVAILABLE", "The payment API's answer broke off.", true);

/**
 * The API's answer: its head as it came, and its body, which its holder reads whole (`read`), streams into the
 * browser's answer (`pipeTo`) or drops (`discard`), once. What arrives before the holder chooses is kept for it.
 */
export class UpstreamAnswer {
  private mode: "undecided" | "read" | "pipe" | "discard" = "undecided";
  private chunks: Buffer[] = [];
  private ended = false;
  private failure: UpstreamFailure | null = null;
  private onBody: ((bytes: Buffer) => void) | null = null;
  private onFailure: ((failure: UpstreamFailure) => void) | null = null;
  private outgoing: ServerResponse | null = null;

  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly controller: Dispatcher.DispatchController,
  ) {}

  /** A header's value (repeated ones joined as fetch's Headers joins them), or undefined. */
  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  /** The whole body to `onBody`, or a failure to `onFailure` when it broke off (or was cut by the time-out). */
  read(onBody: (bytes: Buffer) => void, onFailure: (failure: UpstreamFailure) => void): void {
    this.choose("read");
    this.onBody = onBody;
    this.onFailure = onFailure;
    if (this.failure) onFailure(this.failure);
    else if (this.ended) this.deliver();
  }

  /**
   * The body into `outgoing` (its head already written) as it comes, the API paused while the browser's side is
   * full. A break on either side ends both: the person sees a failed request, nothing is left half-open.
   */
  pipeTo(outgoing: ServerResponse): void {
    this.choose("pipe");
    this.outgoing = outgoing;
    outgoing.on("close", () => {
      if (!this.ended) this.controller.abort(new Error("the browser went away"));
    });
    for (const chunk of this.chunks.splice(0)) this.write(chunk);
    if (this.failure) outgoing.destroy();
    else if (this.ended) outgoing.end();
  }

  /** Drops the body (read to its end, so the connection is kept). */
  discard(): void {
    this.choose("discard");
    this.chunks = [];
  }

  /** @internal From the exchange: a part of the body. */
  data(chunk: Buffer): void {
    if (this.mode === "pipe") this.write(chunk);
    else if (this.mode !== "discard") this.chunks.push(chunk);
  }

  /** @internal From the exchange: the body is whole. */
  end(): void {
    this.ended = true;
    if (this.mode === "read") this.deliver();
    else if (this.mode === "pipe") this.outgoing?.end();
  }

  /** @internal From the exchange: the body broke off. */
  fail(): void {
    if (this.ended || this.failure) return;
    this.failure = brokeOff();
    if (this.mode === "read") this.onFailure?.(this.failure);
    else if (this.mode === "pipe") this.outgoing?.destroy();
  }

  private choose(mode: "read" | "pipe" | "discard"): void {
    if (this.mode !== "undecided") throw new Error(`the answer's body was already taken (${this.mode})`);
    this.mode = mode;
  }

  private deliver(): void {
    const { chunks } = this;
    this.chunks = [];
    this.onBody?.(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks));
  }

  private write(chunk: Buffer): void {
    const outgoing = this.outgoing;
    if (!outgoing || outgoing.write(chunk)) return;
    this.controller.pause();
    outgoing.once("drain", () => this.controller.resume());
  }
}

/**
 * relayToPaymentApi with callbacks, one of which is called once: the relay's reads use it directly, so a relayed
 * call waits on the client's own events rather than on promises (each one a cost of its own while Next.js's
 * AsyncLocalStorage keeps the process's async hooks on: issue 25's CPU target). Over undici's dispatcher, which
 * costs the console a fifth less CPU per relayed call than Node's own HTTP client (docs/ARCHITECTURE.md).
 */
export function exchange(
  options: RelayRequest,
  onAnswer: (answer: UpstreamAnswer) => void,
  onFailure: (failure: UpstreamFailure) => void,
): void {
  const target = upstreamTarget();
  const headers = mergeHeaders(options.headers, {
    authorization: target.authorization,
    accept: "application/json",
  });
  const host = target.hostname.includes(":") ? `[${target.hostname}]` : target.hostname;
  const origin = `${target.secure ? "https" : "http"}://${host}${target.port ? `:${target.port}` : ""}`;
  // Once the request is on a connection, bytes of it may have reached the API.
  let started = false;
  let timedOut = false;
  let controller: Dispatcher.DispatchController | null = null;
  let answer: UpstreamAnswer | null = null;
  let settled = false;
  const fail = (failure: UpstreamFailure) => {
    if (settled) return;
    settled = true;
    onFailure(failure);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    if (controller) controller.abort(new Error("time-out"));
    // Not on a connection yet: it never will be (aborted as it gets one), so it certainly did not happen.
    else fail(new UpstreamFailure(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.", false));
  }, options.timeoutMs);
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(requestController) {
      if (timedOut) return requestController.abort(new Error("time-out"));
      controller = requestController;
      started = true;
    },
    onResponseStart(requestController, statusCode, responseHeaders) {
      // An informational answer (100, 103) comes before the real one.
      if (statusCode < 200) return;
      if (settled) return requestController.abort(new Error("no longer awaited"));
      settled = true;
      answer = new UpstreamAnswer(statusCode, responseHeaders, requestController);
      onAnswer(answer);
    },
    onResponseData(_requestController, chunk) {
      answer?.data(chunk);
    },
    onResponseEnd() {
      clearTimeout(timer);
      answer?.end();
    },
    onResponseError(_requestController, _error) {
      clearTimeout(timer);
      // After an answer began, its body reports the failure.
      if (answer) return answer.fail();
      fail(
        timedOut
          ? new UpstreamFailure(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.", started)
          : started
            ? new UpstreamFailure(502, "UPSTREAM_UNAVAILABLE", "The payment API's connection broke.", true)
            : new UpstreamFailure(
                502,
                "UPSTREAM_UNAVAILABLE",
                "The payment API could not be reached.",
                false,
              ),
      );
    },
  };
  poolFor(origin).dispatch(
    {
      method: options.method as Dispatcher.HttpMethod,
      path: options.local ? options.path : `${target.basePath}${options.path}`,
      headers,
      body: options.body ?? null,
    },
    handler,
  );
}
