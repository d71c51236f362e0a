import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, errorBody } from "../../shared/api-error";
import { zodIssuesToFieldErrors } from "../../shared/contract";
import { writeAudit, writeAuditOutcome } from "../audit/log";
import { env } from "../env";
import { announce } from "../events/announce";
import { unauthenticated, unexpectedError } from "../http/errors";
import { guardRequest, sessionUser } from "../http/guard";
import { nodeHeaderReader } from "../http/header-reader";
import { isJsonContentType, refuseUnstorableText } from "../http/json-body";
import { readIncomingText } from "../http/read-body";
import { newRequestId } from "../http/request-id";
import { SECURITY_HEADERS } from "../http/security-headers.mjs";
import { log } from "../log/logger";
import {
  type RelayRequest,
  readAnswerBytes,
  readAnswerText,
  relayToPaymentApi,
  UpstreamFailure,
} from "../payment-api/transport";
import { PLATFORM_DATE_HEADER } from "../payments/platform-clock";
import {
  awaitFirstAnswer,
  claimActionKey,
  completeActionKey,
  IDEMPOTENCY_HEADER,
  parseActionKey,
  releaseActionKey,
  requestFingerprint,
} from "./action-keys";
import { checkHref } from "./check-href";
import { allowedMethods, decisionOf, matchProxyRoute, type ProxyRoute } from "./route-table";

/** Where the proxy answers: every path under it is looked up in the route table. */
export const PROXY_PREFIX = "/api/payments/";

const MAX_JSON_BODY_BYTES = 1024 * 1024;
const STREAM_TIMEOUT_MS = 15 * 60_000;
const MAX_BUFFERED_ANSWER_BYTES = 256 * 1024;
const PASSED_RESPONSE_HEADERS = ["content-type", "content-disposition", "retry-after", "x-request-id"];
// The headers next.config.mjs gives every response of the console, which this route answers without Next.js.
const BASE_HEADERS: Record<string, string> = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
  "cache-control": "no-store",
};

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return out;
}

function invalid(message: string, error: Parameters<typeof zodIssuesToFieldErrors>[0]) {
  return new ApiError(400, "INVALID_INPUT", message, zodIssuesToFieldErrors(error));
}

/** A short, PII-free description of a request for the audit log: which fields, and the money in it. */
function summarise(route: ProxyRoute, body: unknown, query: URLSearchParams): Record<string, unknown> {
  const summary: Record<string, unknown> = { method: route.method, path: route.path };
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    summary.fields = Object.keys(record).sort();
    for (const key of [
      "amount",
      "lockedCurrencyAmount",
      "lockedCurrencySide",
      "currencyCode",
      "receivingCurrencyAmount",
      "receivingCurrencyCode",
      "quoteId",
      "seconds",
      "reason",
    ]) {
      if (key in record) summary[key] = record[key];
    }
    if (route.action === "config.update") summary.changes = configChanges(record);
  }
  if ([...query.keys()].length > 0) summary.query = Object.fromEntries(query);
  return summary;
}

/**
 * The new values a configuration change sets, for the configuration's history. The body has passed the contract by
 * now, so it holds only the writable settings (no secrets) and a bounded currency list.
 */
function configChanges(record: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ["umaDomain", "webhookEndpoint", "supportedCurrencies"]) {
    if (key in record) changes[key] = record[key];
  }
  return changes;
}

function targetFromResponse(json: unknown): string | undefined {
  if (!json || typeof json !== "object") return undefined;
  const record = json as Record<string, unknown>;
  for (const key of ["id", "quoteId", "jobId", "code", "lookupId"]) {
    if (typeof record[key] === "string") return record[key];
  }
  return undefined;
}

/**
 * The proxy: allowlisted route → guard (requests the console did not make, session, permission) → validate with the
 * contract → claim the action's key (double submission) → record the attempt → forward with the platform's
 * credential → record the outcome → pass the answer back as it came. Nothing is forwarded unless its attempt is in
 * the audit log. The browser's cookies never go upstream and upstream authentication headers never come back.
 *
 * It is served by the console's own HTTP server (server.ts) before Next.js sees the request: Next.js's request
 * handling cost more than the whole call to the service (docs/ARCHITECTURE.md, "The proxy runs beside Next.js").
 * `url` is the request's absolute URL as the console was reached.
 */
export async function proxyPaymentApi(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  url: URL,
): Promise<void> {
  const method = incoming.method ?? "GET";
  const headers = nodeHeaderReader(incoming.headers, { "x-forwarded-proto": url.protocol.slice(0, -1) });
  const segments = pathSegments(url.pathname);
  const match = segments ? matchProxyRoute(method, segments) : null;
  if (!segments || !match) {
    try {
      // Anonymous callers learn nothing of the route table: they are asked to sign in first.
      if (!(await sessionUser(headers, newRequestId()))) throw unauthenticated();
    } catch (error) {
      return sendError(outgoing, error instanceof ApiError ? error : unexpectedError(error));
    }
    if (!segments) {
      return sendError(outgoing, new ApiError(400, "INVALID_INPUT", "The request path is not valid."));
    }
    const allowed = allowedMethods(segments);
    if (allowed.length > 0) {
      return sendError(
        outgoing,
        new ApiError(405, "METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")} on this route.`),
        { allow: allowed.join(", ") },
      );
    }
    return sendError(outgoing, new ApiError(404, "NOT_FOUND", "No such payment API route in the console."));
  }
  const { route, params } = match;
  const mutation = route.method !== "GET";
  const audited = mutation || route.action !== undefined;
  const action = route.action ?? `${route.method} ${route.path}`;
  const targetId = route.target ? params[route.target] : undefined;
  let requestId = "";
  try {
    const e = env();
    const guarded = await guardRequest(
      { headers, url: url.href },
      { permission: route.permission, mutation, audited, action, targetId },
    );
    requestId = guarded.requestId;
    if (route.local && !e.LOCAL_SERVICE) {
      throw new ApiError(404, "NOT_FOUND", "This exists only with the local payment service.");
    }
    if (route.sandbox && e.PAYMENT_API_ENVIRONMENT !== "sandbox") {
      throw new ApiError(403, "FORBIDDEN", "Sandbox actions exist only in the sandbox environment.");
    }

    if (route.query) {
      const parsed = route.query.safeParse(queryObject(url.searchParams));
      if (!parsed.success) throw invalid("The query has invalid or unknown parameters.", parsed.error);
    } else if ([...url.searchParams.keys()].length > 0 && !route.local) {
      throw new ApiError(400, "INVALID_INPUT", "This route takes no query parameters.");
    }

    let body: string | IncomingMessage | undefined;
    let parsedBody: unknown;
    const upstreamHeaders: Record<string, string> = { "x-request-id": requestId };
    if (route.streamBody) {
      const contentType = headers.get("content-type");
      if (!contentType?.startsWith("multipart/form-data")) {
        throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Upload the file as multipart/form-data.");
      }
      upstreamHeaders["content-type"] = contentType;
      const length = headers.get("content-length");
      if (length) upstreamHeaders["content-length"] = length;
      else upstreamHeaders["transfer-encoding"] = "chunked";
      body = incoming;
    } else if (mutation) {
      const text = await readIncomingText(incoming, MAX_JSON_BODY_BYTES);
      if (text.trim() !== "" || route.body) {
        if (text.trim() !== "" && !isJsonContentType(headers.get("content-type"))) {
          throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
        }
        try {
          parsedBody = text.trim() === "" ? {} : JSON.parse(text);
        } catch {
          throw new ApiError(400, "INVALID_INPUT", "The request body is not valid JSON.");
        }
        refuseUnstorableText(parsedBody);
        if (route.body) {
          const parsed = route.body.safeParse(parsedBody);
          if (!parsed.success) throw invalid("Some fields are not valid.", parsed.error);
        }
        // The original text goes upstream: validation gates the request, it does not rewrite it.
        body = text.trim() === "" ? "{}" : text;
        upstreamHeaders["content-type"] = "application/json";
      }
    }

    if (!audited) return await relayRead(route, segments, url, upstreamHeaders, outgoing, requestId);

    const userId = guarded.user.id;
    const key = mutation && !route.streamBody ? parseActionKey(headers.get(IDEMPOTENCY_HEADER)) : null;
    if (key) {
      const fingerprint = requestFingerprint(
        route.method,
        `${url.pathname}${url.search}`,
        String(body ?? ""),
      );
      let claim = await claimActionKey(userId, key, fingerprint, requestId);
      if (claim.kind === "in-progress") {
        claim = await awaitFirstAnswer(userId, key, fingerprint, e.PAYMENT_API_TIMEOUT_MS + 5_000);
      }
      if (claim.kind === "different-request") {
        throw new ApiError(
          422,
          "IDEMPOTENCY_KEY_REUSED",
          "This Idempotency-Key was used for a different request.",
        );
      }
      if (claim.kind === "in-progress") {
        throw new ApiError(
          409,
          "IN_PROGRESS",
          "The same action is still being processed. Try again shortly.",
        );
      }
      if (claim.kind === "repeat") {
        // Forwarded once already: this repeat gets the first answer, and is not recorded as a second action.
        return send(
          outgoing,
          claim.answer.status,
          {
            "content-type": claim.answer.contentType,
            "x-request-id": requestId,
            "idempotent-replayed": "true",
          },
          claim.answer.body,
        );
      }
    }

    const entry = {
      actor: guarded.user,
      action,
      targetId: targetId ?? null,
      requestId,
      clientRequestId: guarded.clientRequestId,
      summary: summarise(route, parsedBody, url.searchParams),
    };
    try {
      await writeAudit({ ...entry, outcome: "attempted" });
    } catch (error) {
      if (key) await releaseActionKey(userId, key).catch(() => {});
      throw error;
    }

    const answer = await relayAudited(
      relayOptions(route, segments, url, upstreamHeaders, body),
      requestId,
      checkHref(action, targetId),
    );
    const json = answer.json;
    await writeAuditOutcome({
      ...entry,
      targetId: targetId ?? (answer.outcome === "allowed" ? targetFromResponse(json) : undefined) ?? null,
      outcome: answer.outcome,
      upstreamStatus: answer.upstreamStatus,
      summary:
        answer.outcome === "allowed"
          ? entry.summary
          : { ...entry.summary, reason: errorCodeOf(json) ?? answer.failureCode },
    });
    if (key) {
      await completeActionKey(userId, key, {
        status: answer.status,
        contentType: answer.headers["content-type"] ?? "application/json",
        body: answer.text,
        outcome: answer.outcome,
      }).catch(() => {});
    }
    const decision = decisionOf(action);
    if (route.announce && answer.outcome === "allowed" && targetId && decision) {
      await announce({
        kind: route.announce,
        transactionId: targetId,
        decision,
        decidedBy: guarded.user.email,
      });
    }
    return send(outgoing, answer.status, answer.headers, answer.text);
  } catch (error) {
    if (error instanceof ApiError) {
      const id = requestId || error.requestId;
      return sendError(outgoing, error, id ? { "x-request-id": id } : {});
    }
    log.error("proxy", `${method} ${route.path} failed`, { requestId, error });
    return sendError(outgoing, unexpectedError(error));
  }
}

/** The API's error code in an answer's body, when it has one. */
function errorCodeOf(json: unknown): string | undefined {
  const code = json && typeof json === "object" ? (json as Record<string, unknown>).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** Headers of the API's answer the browser gets, with the console's request id and the platform's clock. */
function answerHeadersOf(upstream: IncomingMessage, requestId: string): Record<string, string> {
  const answerHeaders: Record<string, string> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers[name];
    if (typeof value === "string" && value) answerHeaders[name] = value;
  }
  answerHeaders["x-request-id"] = requestId;
  // The API's own Date, under a name of its own: the browser reads the platform's clock from it
  // (lib/payments/platform-clock.ts), while the console's answers keep the console's Date.
  const platformDate = upstream.headers.date;
  if (platformDate) answerHeaders[PLATFORM_DATE_HEADER] = platformDate;
  return answerHeaders;
}

function relayOptions(
  route: ProxyRoute,
  segments: string[],
  url: URL,
  headers: Record<string, string>,
  body: string | IncomingMessage | undefined,
): RelayRequest {
  return {
    method: route.method,
    path: `/${segments.map(encodeURIComponent).join("/")}${url.search}`,
    headers,
    body,
    local: route.local === true,
    timeoutMs: route.streamBody ? STREAM_TIMEOUT_MS : env().PAYMENT_API_TIMEOUT_MS,
  };
}

/** A read nobody audits: the API's answer streams through as it comes. */
async function relayRead(
  route: ProxyRoute,
  segments: string[],
  url: URL,
  upstreamHeaders: Record<string, string>,
  outgoing: ServerResponse,
  requestId: string,
): Promise<void> {
  const upstream = await relayToPaymentApi(relayOptions(route, segments, url, upstreamHeaders, undefined));
  const status = upstream.statusCode ?? 502;
  const answerHeaders = answerHeadersOf(upstream, requestId);
  if ((status < 200 || status >= 300) && !upstream.headers["content-type"]?.includes("json")) {
    upstream.resume();
    return sendError(outgoing, upstreamError(status), answerHeaders);
  }
  const length = Number(upstream.headers["content-length"] ?? Number.NaN);
  if (length <= MAX_BUFFERED_ANSWER_BYTES && !upstream.headers["content-encoding"]) {
    // A small answer of known length (every JSON answer) is read whole and sent with its head in one write:
    // a head and a body written apart cost the console a second system call per request.
    const answer = await readAnswerBytes(upstream);
    return send(outgoing, status, answerHeaders, answer.toString("latin1"), "latin1");
  }
  outgoing.writeHead(status, { ...BASE_HEADERS, ...answerHeaders });
  relayAnswer(upstream, outgoing);
}

interface AuditedAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  outcome: "allowed" | "failed" | "unknown";
  upstreamStatus: number | null;
  failureCode?: string;
}

/**
 * An audited call, read whole: its outcome is what the API answered (allowed, or failed with the API's code), or
 * unknown when no answer came after the request was sent. An unknown outcome is answered as "may have happened",
 * with where to check, never as a failure the person would retry blindly.
 */
async function relayAudited(options: RelayRequest, requestId: string, check: string): Promise<AuditedAnswer> {
  let upstream: IncomingMessage;
  let text: string;
  try {
    upstream = await relayToPaymentApi(options);
    text = await readAnswerText(upstream);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    const outcome = error.mayHaveHappened ? "unknown" : "failed";
    const failure =
      outcome === "unknown"
        ? new ApiError(
            error.status,
            error.code,
            `${error.message} It may have happened: check before trying again.`,
            { outcome: "unknown", requestId, check },
          )
        : error;
    const errorText = JSON.stringify(failure.toBody());
    return {
      status: failure.status,
      headers: { "content-type": "application/json", "x-request-id": requestId },
      text: errorText,
      json: null,
      outcome,
      upstreamStatus: null,
      failureCode: error.code,
    };
  }
  const status = upstream.statusCode ?? 502;
  const ok = status >= 200 && status < 300;
  const headers = answerHeadersOf(upstream, requestId);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const outcome = ok ? "allowed" : "failed";
  if (!ok && (json === null || typeof json !== "object")) {
    const error = upstreamError(status);
    return {
      status,
      headers: { ...headers, "content-type": "application/json" },
      text: JSON.stringify(errorBody(error.status, error.code, error.message)),
      json: null,
      outcome,
      upstreamStatus: status,
    };
  }
  return { status, headers, text, json, outcome, upstreamStatus: status };
}

/**
 * Streams the API's answer to the browser. A broken stream on either side ends both: the person sees a failed
 * request, nothing is left half-open. (Plain pipe, not stream.pipeline: that one builds an AbortController and a
 * DOMException for every call, a measurable share of the proxy's CPU.)
 */
function relayAnswer(upstream: IncomingMessage, outgoing: ServerResponse): void {
  upstream.on("error", () => outgoing.destroy());
  outgoing.on("close", () => {
    if (!upstream.complete) upstream.destroy();
  });
  upstream.pipe(outgoing);
}

/** The path under /api/payments/ as decoded segments; null when it is not valid percent-encoding. */
function pathSegments(pathname: string): string[] | null {
  try {
    return pathname.slice(PROXY_PREFIX.length).split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
}

const upstreamError = (status: number) =>
  new ApiError(status, "UPSTREAM_ERROR", `The payment API answered ${status}.`);

/**
 * The whole answer in one write: Node sends a string body together with the head. `latin1` carries bytes as they
 * came (one character a byte), for answers relayed unread.
 */
function send(
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

function sendError(outgoing: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  send(
    outgoing,
    error.status,
    { ...headers, "content-type": "application/json" },
    JSON.stringify(error.toBody()),
  );
}
