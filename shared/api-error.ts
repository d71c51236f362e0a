import type { ApiErrorBody } from "./contract/errors";

/** The error body `{status, code, message, details?}`, `details` left out when there are none. */
export function errorBody(
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): ApiErrorBody {
  return { status, code, message, ...(details ? { details } : {}) };
}

/**
 * An error in the API's shape `{status, code, message, details?}`: what the service answers with, what the
 * console's own endpoints answer with (so the browser handles one shape everywhere), and what the browser's client
 * throws for either. `message` is shown to people; internals never go in it. Imports nothing at run time, so the
 * service, the console's server and the pages' JavaScript can all use it.
 */
export class ApiError extends Error {
  /** The id of the request it answers, once known: the console sends it back as X-Request-Id, the audit log's key. */
  requestId?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): ApiErrorBody {
    return errorBody(this.status, this.code, this.message, this.details);
  }
}
