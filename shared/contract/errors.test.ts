import { describe, expect, it } from "vitest";
import { z } from "zod";
// The contract's messages, as every schema of it has them (a file of the contract may be the first loaded).
import { nameSchema } from "./common";
import {
  apiErrorSchema,
  errorCodeSchema,
  errorCodes,
  errorStatusByCode,
  isKnownErrorCode,
  makeApiError,
  validationErrorDetailsSchema,
  zodIssuesToFieldErrors,
} from "./errors";
import "./messages";

describe("error codes", () => {
  it("give every code its status from the notes", () => {
    expect(errorStatusByCode.INVALID_INPUT).toBe(400);
    expect(errorStatusByCode.INSUFFICIENT_BALANCE).toBe(400);
    expect(errorStatusByCode.UNAUTHORIZED).toBe(401);
    expect(errorStatusByCode.USER_NOT_READY).toBe(403);
    expect(errorStatusByCode.UMA_NOT_FOUND).toBe(404);
    expect(errorStatusByCode.QUOTE_NOT_PENDING).toBe(409);
    expect(errorStatusByCode.CUSTOMER_DELETED).toBe(410);
    expect(errorStatusByCode.PAYLOAD_TOO_LARGE).toBe(413);
    expect(errorStatusByCode.UNSUPPORTED_MEDIA_TYPE).toBe(415);
    expect(errorStatusByCode.RATE_LIMITED).toBe(429);
    expect(errorStatusByCode.INTERNAL_ERROR).toBe(500);
  });

  it("the map and the enum hold the same 36 codes", () => {
    expect(Object.keys(errorStatusByCode).sort()).toEqual([...errorCodes].sort());
    expect(errorCodes).toHaveLength(36);
    const byStatus = Object.values(errorStatusByCode).reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {});
    expect(byStatus).toEqual({
      400: 16,
      401: 1,
      403: 2,
      404: 8,
      409: 4,
      410: 1,
      413: 1,
      415: 1,
      429: 1,
      500: 1,
    });
  });

  it("knows its codes", () => {
    expect(isKnownErrorCode("QUOTE_EXPIRED")).toBe(true);
    expect(isKnownErrorCode("quote_expired")).toBe(false);
    expect(errorCodeSchema.safeParse("NEW_CODE").success).toBe(false);
  });
});

describe("apiErrorSchema", () => {
  it("parses error bodies with or without details, and unknown codes", () => {
    expect(apiErrorSchema.parse({ status: 404, code: "QUOTE_NOT_FOUND", message: "No such quote" })).toEqual({
      status: 404,
      code: "QUOTE_NOT_FOUND",
      message: "No such quote",
    });
    expect(
      apiErrorSchema.parse({
        status: 400,
        code: "BRAND_NEW",
        message: "m",
        details: { fields: [] },
        traceId: "t",
      }),
    ).toMatchObject({ code: "BRAND_NEW", traceId: "t" });
  });

  it("refuses non-error statuses and missing parts", () => {
    expect(apiErrorSchema.safeParse({ status: 200, code: "X", message: "m" }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ status: 600, code: "X", message: "m" }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ status: 400, message: "m" }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ status: 400, code: "X", message: "m", details: "oops" }).success).toBe(
      false,
    );
  });

  it("makeApiError fills the status from the code", () => {
    expect(makeApiError("USER_NOT_FOUND", "No such customer")).toEqual({
      status: 404,
      code: "USER_NOT_FOUND",
      message: "No such customer",
    });
    const details = { fields: [{ path: "a", message: "b" }] };
    expect(makeApiError("INVALID_INPUT", "Bad", details)).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: "Bad",
      details,
    });
  });
});

describe("zodIssuesToFieldErrors", () => {
  const schema = z.strictObject({
    address: z.strictObject({ country: z.string() }),
    items: z.array(z.strictObject({ amount: z.number() })),
  });

  it("joins paths with dots and names each unknown key", () => {
    const result = schema.safeParse({ address: {}, items: [{ amount: "1" }], extra: 1, other: 2 });
    if (result.success) throw new Error("expected failure");
    const details = zodIssuesToFieldErrors(result.error);
    expect(details.fields.map((f) => f.path).sort()).toEqual([
      "address.country",
      "extra",
      "items.0.amount",
      "other",
    ]);
    expect(details.fields.find((f) => f.path === "extra")?.message).toBe("Unknown field");
    expect(validationErrorDetailsSchema.safeParse(details).success).toBe(true);
  });

  it("uses an empty path for root issues", () => {
    const result = z.string().safeParse(5);
    if (result.success) throw new Error("expected failure");
    expect(zodIssuesToFieldErrors(result.error).fields).toEqual([{ path: "", message: "Must be a string" }]);
  });

  it("tells a field of the wrong type only that, though zod runs the field's checks on it too", () => {
    const result = z
      .strictObject({ fullName: nameSchema, age: z.int() })
      .safeParse({ fullName: [], age: "x" });
    if (result.success) throw new Error("expected failure");
    expect(zodIssuesToFieldErrors(result.error).fields).toEqual([
      { path: "fullName", message: "Must be a string" },
      { path: "age", message: expect.any(String) },
    ]);
  });
});
