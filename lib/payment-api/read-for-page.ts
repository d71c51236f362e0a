import "server-only";
import type { z } from "zod";
import { ApiError } from "../../shared/api-error";
import { readApi } from "./read";

export type ServerFetchResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string };

/**
 * Reads a resource from the payment API for a server component, checking its shape with the contract. The API's
 * failures (unreachable, timed out, an error answer, an unexpected shape) come back as values with a message a
 * person can act on, never as thrown errors with internals.
 */
export async function readPaymentApi<T>(path: string, schema: z.ZodType<T>): Promise<ServerFetchResult<T>> {
  try {
    return { ok: true, data: await readApi(path, schema) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, code: error.code, message: error.message };
  }
}
