import { ApiError } from "../../../shared/api-error";
import { actionKeyFor } from "../../universal/api/action-keys";
import { mayHaveHappened } from "../../universal/api/error-details";
import { notePlatformDate, PLATFORM_DATE_HEADER } from "../../universal/api/platform-clock";
import { endpointOfKey, endpointUrl } from "../../universal/console-api/endpoint-url";
// Types only: the endpoint table itself stays off the pages (../../universal/console-api/endpoint-url.ts).
import type { GuardedKey, ParamNames, ResponseOf } from "../../universal/console-api/endpoints";

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (a VIEW token's lifetime: lib/universal/tokens/token-rules.ts TOKEN_EXPIRY_HEADER). */
  headers?: Record<string, string>;
  /** A file sent as it is (an upload), instead of a JSON body; the browser streams it. */
  file?: File;
}

/** The API's error shape `{status, code, message, details?}` (shared/contract/errors.ts), read by shape: zod stays off the page. */
function parseErrorBody(
  body: unknown,
): { code: string; message: string; details?: Record<string, unknown> } | null {
  if (typeof body !== "object" || body === null) return null;
  const { status, code, message, details } = body as Record<string, unknown>;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) return null;
  if (typeof code !== "string" || typeof message !== "string") return null;
  if (details === undefined) return { code, message };
  if (typeof details !== "object" || details === null || Array.isArray(details)) return null;
  return { code, message, details: details as Record<string, unknown> };
}

async function toError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = parseErrorBody(body);
  if (parsed) return new ApiError(response.status, parsed.code, parsed.message, parsed.details);
  return new ApiError(response.status, "UNEXPECTED_ERROR", `The request failed (HTTP ${response.status}).`);
}

let leavingToSignIn = false;

/**
 * The session ended while the page was open (an answer of 401): to the sign-in page, which says why as far as the
 * console can tell (lib/server/auth/session-end.ts), and back here after signing in.
 */
export function signInAgain(): void {
  // Several calls are refused at once (the page's queries, the person's own action): the first one leaves, and a
  // second navigation would only abort it on its way.
  if (leavingToSignIn) return;
  leavingToSignIn = true;
  window.location.assign(
    `/login?ended=1&callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`,
  );
}

/**
 * Calls one of the console's own endpoints (`/api/...`). The answer is typed, not parsed: the console's server and
 * the payment API behind its proxy are the trust boundary, and the browser only displays what they send, so the
 * contract's zod schemas (and zod itself) stay out of the pages' JavaScript. Request bodies are still checked by
 * the proxy with the same schemas, and forms validate with them on demand. Every mutation carries an
 * Idempotency-Key made once per user action (lib/universal/api/action-keys.ts).
 */
export async function consoleFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
  const { file } = options;
  // One action per file chosen: the same file sent again is the same action.
  const key = actionKeyFor(
    method,
    path,
    body ?? (file ? `${file.name}:${file.size}:${file.lastModified}` : undefined),
  );
  const headers: Record<string, string> = { ...options.headers, ...key.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  else if (file) headers["content-type"] = file.type || "application/octet-stream";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body ?? file,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "The console could not be reached. Check your connection.");
  }
  // Only the payment API's answers carry it (the proxy passes the API's Date on): a reading of the platform's clock.
  notePlatformDate(response.headers.get(PLATFORM_DATE_HEADER));
  if (response.status === 401 && typeof window !== "undefined") signInAgain();
  if (!response.ok) {
    const error = await toError(response);
    key.done(error.status, error.code, error.details?.outcome);
    if (mayHaveHappened(error) && typeof window !== "undefined") {
      void import("./outcome-unknown").then(({ noticeOutcomeUnknown }) => noticeOutcomeUnknown(error));
    }
    throw error;
  }
  key.done(response.status);
  // 204 No Content (DELETE /tokens/{id}): success with nothing to read.
  if (response.status === 204) return undefined as T;
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new ApiError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape.");
  }
  if (typeof answer !== "object" || answer === null) {
    throw new ApiError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape.");
  }
  return answer as T;
}

/** What a call of one endpoint sends: its path parameters (required when its path names any), query and body. */
export type CallOptions<K extends GuardedKey> = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A file sent as the body as it is (an upload). */
  file?: File;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
} & ([ParamNames<K>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<K>, string> });

/**
 * Calls one of the console's own endpoints by its key in the endpoint table (lib/universal/console-api/endpoints.ts):
 * the method and path are the key's, each path parameter percent-encoded, and the answer is typed as the table says
 * (`ResponseOf<key>`).
 */
export function consoleCall<K extends GuardedKey>(
  key: K,
  ...[options]: [ParamNames<K>] extends [never] ? [CallOptions<K>?] : [CallOptions<K>]
): Promise<ResponseOf<K>> {
  const entry = endpointOfKey(key);
  const { params, query, body, file, signal, headers } = (options ?? {}) as CallOptions<K>;
  return consoleFetch<ResponseOf<K>>(
    endpointUrl(entry.path, params as Record<string, string> | undefined, query ? toQuery(query) : ""),
    {
      method: entry.method,
      ...(body !== undefined ? { body } : {}),
      ...(file ? { file } : {}),
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    },
  );
}

/** The address of a GET endpoint the browser opens or downloads rather than reads (a CSV export). */
export function consoleHref<K extends GuardedKey>(
  key: K,
  options: Pick<CallOptions<K>, "query"> & { params?: Record<string, string> } = {},
): string {
  return endpointUrl(endpointOfKey(key).path, options.params, options.query ? toQuery(options.query) : "");
}

/** Calls the payment API through the console's proxy. */
export function paymentsFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return consoleFetch<T>(`/api/payments${path}`, options);
}

/** A query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
