/**
 * An error the console's own endpoints answer with, in the payment API's shape, so the browser handles one
 * shape everywhere. `message` is shown to people; internals never go in it.
 */
export class ConsoleError extends Error {
  /** The console's id of the request it answers, once known: sent back as X-Request-Id, the audit log's key. */
  requestId?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ConsoleError";
  }
}

export function errorBody(status: number, code: string, message: string, details?: Record<string, unknown>) {
  return { status, code, message, ...(details ? { details } : {}) };
}

export const NO_STORE = { "cache-control": "no-store" } as const;

export function errorResponse(error: ConsoleError, headers: Record<string, string> = {}): Response {
  return Response.json(errorBody(error.status, error.code, error.message, error.details), {
    status: error.status,
    headers: { ...NO_STORE, ...(error.requestId ? { "x-request-id": error.requestId } : {}), ...headers },
  });
}

export const unauthenticated = () => new ConsoleError(401, "UNAUTHORIZED", "Sign in to continue.");

/** What an unexpected error becomes: 503 when the console is misconfigured, else a bare 500. */
export function unexpectedError(error: unknown): ConsoleError {
  if (error instanceof Error && error.name === "ConfigurationError") {
    return new ConsoleError(
      503,
      "UNAVAILABLE",
      "The console is not configured correctly and cannot serve this request.",
    );
  }
  return new ConsoleError(500, "INTERNAL_ERROR", "Something went wrong on our side. Try again.");
}
