import "server-only";
import type { z } from "zod";
import { callPaymentApi } from "./proxy/upstream";

export type ServerFetchResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string };

/**
 * Reads a resource from the payment API for a server component, checking its shape with the contract. Failures
 * come back as values with a message a person can act on, never as thrown errors with internals.
 */
export async function readPaymentApi<T>(path: string, schema: z.ZodType<T>): Promise<ServerFetchResult<T>> {
  let response: Response;
  try {
    response = await callPaymentApi(path);
  } catch {
    return {
      ok: false,
      status: 502,
      code: "UPSTREAM_UNAVAILABLE",
      message: "The payment API could not be reached.",
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = body as { code?: unknown; message?: unknown } | null;
    return {
      ok: false,
      status: response.status,
      code: typeof error?.code === "string" ? error.code : "UPSTREAM_ERROR",
      message:
        typeof error?.message === "string" ? error.message : `The payment API answered ${response.status}.`,
    };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      status: 502,
      code: "UNEXPECTED_RESPONSE",
      message: "The payment API answered in an unexpected shape.",
    };
  }
  return { ok: true, data: parsed.data };
}
