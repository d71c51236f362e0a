import { actionKeyFor } from "./action-keys";
import { notePlatformDate, PLATFORM_DATE_HEADER } from "./platform-clock";

/** An error answered by the console or the payment API, in their common shape. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /**
   * The action was sent but no answer said what became of it (the payment API did not answer in time): it may have
   * happened. `details.check` is the console page where to look.
   */
  get mayHaveHappened(): boolean {
    return this.details?.outcome === "unknown";
  }

  /** Where to check what became of an action whose outcome is unknown. */
  get checkHref(): string | undefined {
    const check = this.details?.check;
    return typeof check === "string" && check.startsWith("/") && !check.startsWith("//") ? check : undefined;
  }

  /** Field errors from `details.fields`, keyed by dotted path, for forms. */
  fieldErrors(): Record<string, string> {
    const fields =
      (this.details as { fields?: { path?: unknown; message?: unknown }[] } | undefined)?.fields ?? [];
    const out: Record<string, string> = {};
    for (const field of fields) {
      if (typeof field.path === "string" && typeof field.message === "string")
        out[field.path] ??= field.message;
    }
    return out;
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** The API's error shape `{status, code, message, details?}` (shared/contract/errors.ts), read by shape: zod stays off the page. */
function errorBody(
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

async function toError(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBody(body);
  if (parsed) return new ApiRequestError(response.status, parsed.code, parsed.message, parsed.details);
  return new ApiRequestError(
    response.status,
    "UNEXPECTED_ERROR",
    `The request failed (HTTP ${response.status}).`,
  );
}

/**
 * Calls one of the console's own endpoints (`/api/...`). The answer is typed, not parsed: the console's server and
 * the payment API behind its proxy are the trust boundary, and the browser only displays what they send, so the
 * contract's zod schemas (and zod itself) stay out of the pages' JavaScript. Request bodies are still checked by
 * the proxy with the same schemas, and forms validate with them on demand.
 */
/**
 * Calls one of the console's own endpoints (`/api/...`). The answer is typed, not parsed: the console's server and
 * the payment API behind its proxy are the trust boundary, and the browser only displays what they send, so the
 * contract's zod schemas (and zod itself) stay out of the pages' JavaScript. Request bodies are still checked by
 * the proxy with the same schemas, and forms validate with them on demand. Every mutation carries an
 * Idempotency-Key made once per user action (lib/payments/action-keys.ts).
 */
export async function consoleFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
  const key = actionKeyFor(method, path, body);
  const headers: Record<string, string> = { ...key.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR", "The console could not be reached. Check your connection.");
  }
  // Only the payment API's answers carry it (the proxy passes the API's Date on): a reading of the platform's clock.
  notePlatformDate(response.headers.get(PLATFORM_DATE_HEADER));
  if (response.status === 401 && typeof window !== "undefined") {
    window.location.assign(
      `/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    );
  }
  if (!response.ok) {
    const error = await toError(response);
    key.done(error.status, error.code, error.details?.outcome);
    if (error.mayHaveHappened && typeof window !== "undefined") {
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
    throw new ApiRequestError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape.");
  }
  if (typeof answer !== "object" || answer === null) {
    throw new ApiRequestError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape.");
  }
  return answer as T;
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
