import "server-only";
import { writeAudit } from "../audit/log";
import { zodIssuesToFieldErrors } from "../contract";
import { env } from "../env";
import { announce } from "../events/announce";
import { ConsoleError, errorBody, errorResponse, NO_STORE, unexpectedError } from "../http/errors";
import { guardRequest } from "../http/guard";
import { readBodyText } from "../http/read-body";
import { matchProxyRoute, type ProxyRoute } from "./route-table";
import { paymentApiFetch } from "./upstream";

const MAX_JSON_BODY_BYTES = 1024 * 1024;
const STREAM_TIMEOUT_MS = 15 * 60_000;
const PASSED_RESPONSE_HEADERS = ["content-type", "content-disposition", "retry-after", "x-request-id"];

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return out;
}

function invalid(message: string, error: Parameters<typeof zodIssuesToFieldErrors>[0]) {
  return new ConsoleError(400, "INVALID_INPUT", message, zodIssuesToFieldErrors(error));
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
 * The proxy: allowlisted route → guard (CSRF, session, permission) → validate with the contract → forward with
 * the platform's credential → pass the answer back as it came, streaming, and audit every mutation. The
 * browser's cookies never go upstream and upstream authentication headers never come back.
 */
export async function proxyPaymentApi(request: Request, segments: string[]): Promise<Response> {
  const match = matchProxyRoute(request.method, segments);
  if (!match) {
    return errorResponse(new ConsoleError(404, "NOT_FOUND", "No such payment API route in the console."));
  }
  const { route, params } = match;
  const mutation = route.method !== "GET";
  const audited = mutation || route.action !== undefined;
  const action = route.action ?? `${route.method} ${route.path}`;
  const targetId = route.target ? params[route.target] : undefined;
  let requestId = "";
  try {
    const e = env();
    if (route.local && !e.LOCAL_SERVICE) {
      throw new ConsoleError(404, "NOT_FOUND", "This exists only with the local payment service.");
    }
    const guarded = await guardRequest(request, { permission: route.permission, mutation, action, targetId });
    requestId = guarded.requestId;
    if (route.sandbox && e.PAYMENT_API_ENVIRONMENT !== "sandbox") {
      throw new ConsoleError(403, "FORBIDDEN", "Sandbox actions exist only in the sandbox environment.");
    }

    const url = new URL(request.url);
    if (route.query) {
      const parsed = route.query.safeParse(queryObject(url.searchParams));
      if (!parsed.success) throw invalid("The query has invalid or unknown parameters.", parsed.error);
    } else if ([...url.searchParams.keys()].length > 0 && !route.local) {
      throw new ConsoleError(400, "INVALID_INPUT", "This route takes no query parameters.");
    }

    let body: BodyInit | undefined;
    let parsedBody: unknown;
    const headers = new Headers({ "x-request-id": requestId });
    if (route.streamBody) {
      const contentType = request.headers.get("content-type");
      if (!contentType?.startsWith("multipart/form-data")) {
        throw new ConsoleError(415, "UNSUPPORTED_MEDIA_TYPE", "Upload the file as multipart/form-data.");
      }
      headers.set("content-type", contentType);
      const length = request.headers.get("content-length");
      if (length) headers.set("content-length", length);
      body = request.body ?? undefined;
    } else if (mutation) {
      const contentType = request.headers.get("content-type");
      const text = await readBodyText(request, MAX_JSON_BODY_BYTES);
      if (text.trim() !== "" || route.body) {
        if (text.trim() !== "" && !contentType?.includes("application/json")) {
          throw new ConsoleError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
        }
        try {
          parsedBody = text.trim() === "" ? {} : JSON.parse(text);
        } catch {
          throw new ConsoleError(400, "INVALID_INPUT", "The request body is not valid JSON.");
        }
        if (route.body) {
          const parsed = route.body.safeParse(parsedBody);
          if (!parsed.success) throw invalid("Some fields are not valid.", parsed.error);
        }
        // The original text goes upstream: validation gates the request, it does not rewrite it.
        body = text.trim() === "" ? "{}" : text;
        headers.set("content-type", "application/json");
      }
    }

    const upstreamPath = `/${segments.map(encodeURIComponent).join("/")}${url.search}`;
    const upstream = await paymentApiFetch(upstreamPath, {
      method: route.method,
      headers,
      body,
      local: route.local === true,
      timeoutMs: route.streamBody ? STREAM_TIMEOUT_MS : e.PAYMENT_API_TIMEOUT_MS,
    });

    const responseHeaders = new Headers(NO_STORE);
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) responseHeaders.set(name, value);
    }
    responseHeaders.set("x-request-id", requestId);

    if (audited || route.announce) {
      const text = await upstream.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (audited) {
        await writeAudit({
          actor: guarded.user,
          action,
          targetId: targetId ?? (upstream.ok ? targetFromResponse(json) : undefined) ?? null,
          outcome: upstream.ok ? "allowed" : "failed",
          upstreamStatus: upstream.status,
          requestId,
          summary: summarise(route, parsedBody, url.searchParams),
        });
      }
      if (route.announce && upstream.ok && targetId) {
        await announce({
          kind: route.announce,
          transactionId: targetId,
          decision: route.path.endsWith("/approve") ? "approved" : "rejected",
          decidedBy: guarded.user.email,
        });
      }
      if (!upstream.ok && (json === null || typeof json !== "object")) {
        return Response.json(
          errorBody(upstream.status, "UPSTREAM_ERROR", `The payment API answered ${upstream.status}.`),
          {
            status: upstream.status,
            headers: responseHeaders,
          },
        );
      }
      return new Response(text, { status: upstream.status, headers: responseHeaders });
    }
    if (!upstream.ok && !upstream.headers.get("content-type")?.includes("json")) {
      await upstream.body?.cancel();
      return Response.json(
        errorBody(upstream.status, "UPSTREAM_ERROR", `The payment API answered ${upstream.status}.`),
        {
          status: upstream.status,
          headers: responseHeaders,
        },
      );
    }
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
  } catch (error) {
    if (error instanceof ConsoleError)
      return errorResponse(error, requestId ? { "x-request-id": requestId } : {});
    console.error(`[proxy] ${request.method} ${route.path} failed (request ${requestId}):`, error);
    return errorResponse(unexpectedError(error));
  }
}
