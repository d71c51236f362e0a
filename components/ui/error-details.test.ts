import { describe, expect, it } from "vitest";
import { errorDetails, isNotFoundError, isRetryableError } from "./error-details";

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

describe("errorDetails", () => {
  it("reads the API's error shape, thrown as an object or on an Error", () => {
    expect(errorDetails({ status: 404, code: "QUOTE_NOT_FOUND", message: "Quote not found" })).toEqual({
      status: 404,
      code: "QUOTE_NOT_FOUND",
      message: "Quote not found",
    });
    expect(errorDetails(new RequestError(409, "QUOTE_EXPIRED", "The quote has expired"))).toEqual({
      status: 409,
      code: "QUOTE_EXPIRED",
      message: "The quote has expired",
    });
  });

  it("says the console could not be reached when fetch itself failed", () => {
    expect(errorDetails(new TypeError("Failed to fetch"))).toMatchObject({ code: "NETWORK_ERROR" });
    expect(errorDetails(new Error("request failed", { cause: new TypeError("fetch failed") }))).toMatchObject(
      {
        code: "NETWORK_ERROR",
      },
    );
  });

  it("keeps lib/payments' own wording for a network failure (status 0), without an HTTP status", () => {
    expect(errorDetails(new RequestError(0, "NETWORK_ERROR", "The console could not be reached."))).toEqual({
      code: "NETWORK_ERROR",
      message: "The console could not be reached.",
    });
  });

  it("falls back to a generic message rather than an empty one", () => {
    expect(errorDetails(undefined).message).toMatch(/something went wrong/i);
    expect(errorDetails({ message: "  " }).message).toMatch(/something went wrong/i);
    expect(errorDetails("boom")).toEqual({ message: expect.any(String) });
  });
});

describe("isRetryableError", () => {
  it("retries network failures and server errors", () => {
    expect(isRetryableError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isRetryableError(new RequestError(0, "NETWORK_ERROR", "The console could not be reached."))).toBe(
      true,
    );
    expect(isRetryableError({ status: 500, code: "INTERNAL_ERROR", message: "x" })).toBe(true);
    expect(isRetryableError(new RequestError(502, "BAD_GATEWAY", "Upstream unreachable"))).toBe(true);
    expect(isRetryableError({ status: 503 })).toBe(true);
  });

  it("does not retry answers that repeating cannot change", () => {
    expect(isRetryableError({ status: 400, code: "INVALID_INPUT", message: "x" })).toBe(false);
    expect(isRetryableError(new RequestError(403, "FORBIDDEN", "No"))).toBe(false);
    expect(isRetryableError({ status: 404 })).toBe(false);
    expect(isRetryableError({ status: 429 })).toBe(false);
  });

  it("does not repeat a time-out: the console already waited its whole time-out for the payment API", () => {
    expect(
      isRetryableError(new RequestError(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.")),
    ).toBe(false);
    expect(isRetryableError({ status: 504 })).toBe(false);
  });

  it("does not retry aborts or unknown failures", () => {
    expect(isRetryableError(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(isRetryableError(new Error("parse failed"))).toBe(false);
    expect(isRetryableError(null)).toBe(false);
  });
});

describe("isNotFoundError", () => {
  it("is decided by the status or the code, not by the message", () => {
    expect(isNotFoundError({ status: 404, code: "CUSTOMER_NOT_FOUND", message: "No customer" })).toBe(true);
    expect(isNotFoundError({ status: 404, code: "NOT_FOUND", message: "Gone" })).toBe(true);
    expect(isNotFoundError(Object.assign(new Error("whatever"), { code: "TRANSACTION_NOT_FOUND" }))).toBe(
      true,
    );
    expect(isNotFoundError({ status: 400, code: "INVALID_INPUT", message: "Customer not found" })).toBe(
      false,
    );
    expect(isNotFoundError(new Error("does not exist"))).toBe(false);
    expect(isNotFoundError({ status: 0, code: "NETWORK_ERROR", message: "not found" })).toBe(false);
  });
});
