import { describe, expect, it } from "vitest";
import { UpstreamFailure } from "../../payment-api/transport";
import { failedAnswer, heldAnswer } from "./relay";

describe("the relay step's answers", () => {
  it("passes the API's answer as it came, allowed on 2xx and failed otherwise", () => {
    const ok = heldAnswer(201, { "content-type": "application/json" }, '{"id":"Quote:1"}');
    expect(ok).toMatchObject({
      status: 201,
      outcome: "allowed",
      upstreamStatus: 201,
      json: { id: "Quote:1" },
    });
    expect(ok.text).toBe('{"id":"Quote:1"}');
    const refused = heldAnswer(409, {}, '{"status":409,"code":"QUOTE_EXPIRED","message":"x"}');
    expect(refused).toMatchObject({ status: 409, outcome: "failed", json: { code: "QUOTE_EXPIRED" } });
  });

  it("gives a failure without a JSON body the API's error shape", () => {
    const answer = heldAnswer(502, { "content-type": "text/html" }, "<html>bad gateway</html>");
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(answer.text)).toEqual({
      status: 502,
      code: "UPSTREAM_ERROR",
      message: "The payment API answered 502.",
    });
  });

  it("answers a time-out after the request left as unknown, with where to check", () => {
    const failure = new UpstreamFailure(
      504,
      "UPSTREAM_TIMEOUT",
      "The payment API did not answer in time.",
      true,
    );
    const answer = failedAnswer(failure, "req-1", "/transactions/Transaction%3A1");
    expect(answer).toMatchObject({
      status: 504,
      outcome: "unknown",
      upstreamStatus: null,
      failureCode: "UPSTREAM_TIMEOUT",
    });
    expect(JSON.parse(answer.text)).toEqual({
      status: 504,
      code: "UPSTREAM_TIMEOUT",
      message: "The payment API did not answer in time. It may have happened: check before trying again.",
      details: { outcome: "unknown", requestId: "req-1", check: "/transactions/Transaction%3A1" },
    });
  });

  it("answers a request that never left as failed, as the transport said", () => {
    const failure = new UpstreamFailure(
      502,
      "UPSTREAM_UNAVAILABLE",
      "The payment API could not be reached.",
      false,
    );
    const answer = failedAnswer(failure, "req-2", "/");
    expect(answer.outcome).toBe("failed");
    expect(JSON.parse(answer.text)).toEqual({
      status: 502,
      code: "UPSTREAM_UNAVAILABLE",
      message: "The payment API could not be reached.",
    });
  });
});
