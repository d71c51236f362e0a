import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError, errorBody } from "./api-error";
import { apiErrorSchema } from "./contract/errors";

describe("ApiError", () => {
  it("is an Error carrying the API's error shape", () => {
    const error = new ApiError(404, "USER_NOT_FOUND", "No such customer");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.message).toBe("No such customer");
    expect([error.status, error.code, error.details]).toEqual([404, "USER_NOT_FOUND", undefined]);
  });

  it("answers with the contract's body, details only when it has some", () => {
    const bare = new ApiError(401, "UNAUTHORIZED", "Sign in to continue.").toBody();
    expect(bare).toEqual({ status: 401, code: "UNAUTHORIZED", message: "Sign in to continue." });
    expect("details" in bare).toBe(false);
    const fields = { fields: [{ path: "email", message: "Enter an email" }] };
    const detailed = new ApiError(400, "INVALID_INPUT", "Check the fields.", fields).toBody();
    expect(detailed).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: "Check the fields.",
      details: fields,
    });
    expect(apiErrorSchema.safeParse(bare).success).toBe(true);
    expect(apiErrorSchema.safeParse(detailed).success).toBe(true);
  });

  it("keeps the request id it answers out of the body", () => {
    const error = new ApiError(403, "FORBIDDEN", "You may not do this.");
    error.requestId = "req-1";
    expect(error.toBody()).toEqual(errorBody(403, "FORBIDDEN", "You may not do this."));
  });

  it("imports nothing at run time, so the pages' JavaScript can carry it", () => {
    const source = readFileSync(path.join(import.meta.dirname, "api-error.ts"), "utf8");
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.every(([, type]) => type !== undefined)).toBe(true);
  });
});
