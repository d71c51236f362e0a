/**
 * What a person is told about a failed request. The console's endpoints and the proxy answer in the API's error
 * shape `{status, code, message}`; the browser's fetch layer may throw it as is or on an Error, so both are read
 * by shape rather than by class.
 */

export type ErrorDetails = {
  message: string;
  code?: string;
  status?: number;
};

const NETWORK_MESSAGE = "The console could not be reached. Check your connection and try again.";
const FALLBACK_MESSAGE = "Something went wrong. Try again.";

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * No response arrived (offline, DNS, connection reset). fetch rejects with a TypeError; lib/payments wraps that
 * as status 0 with code NETWORK_ERROR.
 */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (field(error, "code") === "NETWORK_ERROR" || field(error, "status") === 0) return true;
  return field(error, "cause") instanceof TypeError;
}

/** The HTTP status of the answer, if one arrived. */
export function errorStatus(error: unknown): number | undefined {
  const status = field(error, "status");
  return typeof status === "number" && Number.isInteger(status) && status > 0 ? status : undefined;
}

/**
 * The thing asked for does not exist: the answer's status is 404 or its code names a missing thing (CUSTOMER_NOT_FOUND,
 * TRANSACTION_NOT_FOUND, …). Decided by status and code, never by the message, whose wording may change.
 */
export function isNotFoundError(error: unknown): boolean {
  if (errorStatus(error) === 404) return true;
  const code = field(error, "code");
  return typeof code === "string" && code.endsWith("_NOT_FOUND");
}

export function errorDetails(error: unknown): ErrorDetails {
  if (isNetworkError(error) && errorStatus(error) === undefined) {
    const message = field(error, "message");
    return {
      message:
        typeof message === "string" && message.trim() !== "" && !(error instanceof TypeError)
          ? message
          : NETWORK_MESSAGE,
      code: "NETWORK_ERROR",
    };
  }
  const message = field(error, "message");
  const code = field(error, "code");
  const status = errorStatus(error);
  return {
    message: typeof message === "string" && message.trim() !== "" ? message : FALLBACK_MESSAGE,
    ...(typeof code === "string" && code !== "" ? { code } : {}),
    ...(status === undefined ? {} : { status }),
  };
}

/**
 * Worth asking again: no response, or the server failed (5xx, which includes the proxy's 502 for an unreachable
 * payment API). A 4xx answer will not change by repeating the request; an abort was the caller's choice. Nor is a
 * 504: the console has already waited its whole time-out for the payment API (PAYMENT_API_TIMEOUT_MS), and asking
 * again by itself would keep a person looking at a loading page for minutes instead of saying the API is not
 * answering, with a button to try again.
 */
export function isRetryableError(error: unknown): boolean {
  if (field(error, "name") === "AbortError") return false;
  const status = errorStatus(error);
  if (status === 504) return false;
  if (status !== undefined) return status >= 500;
  return isNetworkError(error);
}
