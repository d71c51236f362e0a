import type { z } from "zod";
import { apiErrorSchema } from "../contract";

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

async function toError(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.code, parsed.data.message, parsed.data.details);
  }
  return new ApiRequestError(
    response.status,
    "UNEXPECTED_ERROR",
    `The request failed (HTTP ${response.status}).`,
  );
}

/** Calls one of the console's own endpoints (`/api/...`) and checks the answer's shape with the contract. */
export async function consoleFetch<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers: options.body !== undefined ? { "content-type": "application/json" } : undefined,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR", "The console could not be reached. Check your connection.");
  }
  if (response.status === 401 && typeof window !== "undefined") {
    window.location.assign(
      `/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    );
  }
  if (!response.ok) throw await toError(response);
  const body: unknown = await response.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape.");
  }
  return parsed.data;
}

/** Calls the payment API through the console's proxy. */
export function paymentsFetch<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  return consoleFetch(`/api/payments${path}`, schema, options);
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
