import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../shared/api-error";
import { fieldErrors } from "../../../universal/api/error-details";
import { PROXY_ROUTES } from "../../../universal/relay/route-table";
import { checkJsonBody } from "./contract";

const reject = PROXY_ROUTES.find(
  (route) => route.method === "POST" && route.path === "/transactions/:transactionId/reject",
);

function refusal(body: unknown): ApiError {
  if (!reject) throw new Error("no reject route");
  try {
    checkJsonBody(reject, JSON.stringify(body), "application/json");
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} was not refused`);
}

describe("a rejection's reason, as the relay takes it", () => {
  it("is refused 400 with the rule when it holds fewer than ten letters or digits, or none", () => {
    for (const body of [
      {},
      { reason: "r" },
      { reason: "  no   " },
      { reason: "\u200b".repeat(20) },
      { reason: "abcde 1234" },
    ]) {
      const error = refusal(body);
      expect([error.status, error.code], JSON.stringify(body)).toEqual([400, "INVALID_INPUT"]);
      expect(Object.keys(fieldErrors(error)), JSON.stringify(body)).toEqual(["reason"]);
    }
    expect(fieldErrors(refusal({ reason: "r" })).reason).toBe(
      "Say why you reject it, in at least 10 letters or digits.",
    );
  });

  it("passes a reason of ten letters or digits as it came, and keeps the API's bound and strictness", () => {
    if (!reject) throw new Error("no reject route");
    const text = JSON.stringify({ reason: "Sender could not be verified" });
    expect(checkJsonBody(reject, text, "application/json")?.text).toBe(text);
    expect(
      checkJsonBody(reject, JSON.stringify({ reason: "abcde12345" }), "application/json"),
    ).not.toBeNull();
    expect(refusal({ reason: "x".repeat(1001) }).status).toBe(400);
    expect(refusal({ reason: "Sender could not be verified", code: "X" }).status).toBe(400);
  });
});
