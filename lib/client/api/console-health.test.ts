import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api-error";
import { healthFromAnswer, mayMeanAnOutage } from "./console-health";

describe("healthFromAnswer", () => {
  it("reads readiness's answers", () => {
    expect(healthFromAnswer(200, { status: "ok", checks: { database: "ok", paymentApi: "ok" } })).toBe("ok");
    expect(
      healthFromAnswer(503, { status: "unavailable", checks: { database: "ok", paymentApi: "down" } }),
    ).toBe("payment-api-down");
    expect(
      healthFromAnswer(503, { status: "unavailable", checks: { database: "ok", paymentApi: "refused" } }),
    ).toBe("payment-api-refused");
  });

  it("names the database first: with it down, nothing can be changed whatever the payment API says", () => {
    expect(
      healthFromAnswer(503, { status: "unavailable", checks: { database: "down", paymentApi: "down" } }),
    ).toBe("database-down");
  });

  it("raises no alarm for a console that is stopping, or for an answer that is neither readiness's nor a gateway's", () => {
    expect(healthFromAnswer(503, { status: "unavailable", checks: { console: "stopping" } })).toBe("ok");
    for (const body of [null, "", 503, [], { status: 500 }, { checks: null }, { checks: { paymentApi: 1 } }])
      for (const status of [200, 404, 500])
        expect(healthFromAnswer(status, body), `${status} ${JSON.stringify(body)}`).toBe("ok");
  });

  it("takes a gateway's 502, 503 or 504 without readiness's answer for a console no one reaches", () => {
    for (const status of [502, 503, 504]) {
      expect(healthFromAnswer(status, null), String(status)).toBe("console-unreachable");
      expect(healthFromAnswer(status, { status, code: "BAD_GATEWAY", message: "x" }), String(status)).toBe(
        "console-unreachable",
      );
    }
  });
});

describe("mayMeanAnOutage", () => {
  it("is the console not reached, or its 502, 503 or 504 for the payment API", () => {
    for (const status of [0, 502, 503, 504])
      expect(mayMeanAnOutage(new ApiError(status, "X", "x")), String(status)).toBe(true);
  });

  it("is not an answer that says something about the request itself", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500])
      expect(mayMeanAnOutage(new ApiError(status, "X", "x")), String(status)).toBe(false);
    expect(mayMeanAnOutage(new Error("boom"))).toBe(false);
    expect(mayMeanAnOutage(undefined)).toBe(false);
    expect(mayMeanAnOutage({ name: "AbortError" })).toBe(false);
  });
});
