import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api-error";
import { checkHref, fieldErrors, mayHaveHappened } from "./error-details";

const unknownOutcome = (check: unknown) =>
  new ApiError(504, "UPSTREAM_TIMEOUT", "No answer in time.", { outcome: "unknown", check });

describe("mayHaveHappened", () => {
  it("is true only when the console said the outcome is unknown", () => {
    expect(mayHaveHappened(unknownOutcome("/transactions"))).toBe(true);
    expect(mayHaveHappened(new ApiError(504, "UPSTREAM_TIMEOUT", "x", { outcome: "failed" }))).toBe(false);
    expect(mayHaveHappened(new ApiError(500, "INTERNAL_ERROR", "x"))).toBe(false);
  });
});

describe("checkHref", () => {
  it("is a path of the console, never another site", () => {
    expect(checkHref(unknownOutcome("/transactions/Transaction:1"))).toBe("/transactions/Transaction:1");
    expect(checkHref(unknownOutcome("//evil.example/x"))).toBeUndefined();
    expect(checkHref(unknownOutcome("https://evil.example/x"))).toBeUndefined();
    expect(checkHref(unknownOutcome(42))).toBeUndefined();
    // What a browser reads as another host: a backslash is a slash, and tab, CR and LF are dropped.
    expect(checkHref(unknownOutcome("/\\evil.example/x"))).toBeUndefined();
    expect(checkHref(unknownOutcome("/\t/evil.example/x"))).toBeUndefined();
    expect(checkHref(unknownOutcome("/%09/evil.example/x"))).toBe("/%09/evil.example/x");
    expect(checkHref(new ApiError(500, "INTERNAL_ERROR", "x"))).toBeUndefined();
  });
});

describe("fieldErrors", () => {
  it("keys the API's field errors by path, the first message of a path winning", () => {
    const error = new ApiError(400, "INVALID_INPUT", "Check the fields.", {
      fields: [
        { path: "address.city", message: "Enter a city" },
        { path: "address.city", message: "Too long" },
        { path: "email", message: "Enter an email" },
        { path: 3, message: "not a path" },
        { path: "name" },
      ],
    });
    expect(fieldErrors(error)).toEqual({ "address.city": "Enter a city", email: "Enter an email" });
  });

  it("is empty without field errors", () => {
    expect(fieldErrors(new ApiError(409, "CONFLICT", "x"))).toEqual({});
    expect(fieldErrors(new ApiError(400, "INVALID_INPUT", "x", { fields: "nope" }))).toEqual({});
  });
});
