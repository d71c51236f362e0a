import "server-only";
import { ApiError } from "../../../shared/api-error";
import { isDataException } from "../../../shared/data-exception";
import { mergeHeaders } from "./merge-headers";

export const NO_STORE = { "cache-control": "no-store" } as const;

/** The console's answer for an error in the payment API's shape (shared/api-error.ts), never stored by a cache. */
export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  return Response.json(error.toBody(), {
    status: error.status,
    headers: mergeHeaders(NO_STORE, error.requestId ? { "x-request-id": error.requestId } : {}, headers),
  });
}

export const unauthenticated = () => new ApiError(401, "UNAUTHORIZED", "Sign in to continue.");

/**
 * What an unexpected error becomes: 503 when the console is misconfigured; 400 when the database refused a value of
 * the request (shared/data-exception.ts); else a bare 500.
 */
export function unexpectedError(error: unknown): ApiError {
  if (isDataException(error)) {
    return new ApiError(400, "INVALID_INPUT", "A value in the request is out of range or not of its kind.");
  }
  if (error instanceof Error && error.name === "ConfigurationError") {
    return new ApiError(
      503,
      "UNAVAILABLE",
      "The console is not configured correctly and cannot serve this request.",
    );
  }
  return new ApiError(500, "INTERNAL_ERROR", "Something went wrong on our side. Try again.");
}
