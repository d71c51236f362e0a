import { describe, expect, it } from "vitest";
import { judgeEndpoint, previousEndpoint } from "./endpoint-health";

const DEAD = "http://127.0.0.1:9/dead-hook";
const GOOD = "http://127.0.0.1:3000/api/webhooks";
const attempt = (
  url: string,
  attemptedAt: string,
  statusCode: number | null,
  error: string | null = null,
) => ({
  url,
  attemptedAt,
  statusCode,
  error,
});

describe("whether the webhook endpoint answers", () => {
  it("goes by the latest attempt to the configured endpoint, whatever other endpoints answered", () => {
    const attempts = [
      attempt(GOOD, "2026-01-01T00:00:03.000Z", 200),
      attempt(DEAD, "2026-01-01T00:00:02.000Z", null, "connect ECONNREFUSED"),
      attempt(DEAD, "2026-01-01T00:00:01.000Z", 200),
    ];
    expect(judgeEndpoint(DEAD, attempts)).toEqual({
      state: "not-answering",
      lastAttempt: { at: "2026-01-01T00:00:02.000Z", statusCode: null, error: "connect ECONNREFUSED" },
    });
    expect(judgeEndpoint(GOOD, attempts).state).toBe("answering");
    expect(judgeEndpoint(DEAD, [attempt(DEAD, "2026-01-01T00:00:01.000Z", 500)]).state).toBe("not-answering");
  });

  it("cannot say before any attempt, or with no endpoint", () => {
    expect(judgeEndpoint(DEAD, [])).toEqual({ state: "unknown", lastAttempt: null });
    expect(judgeEndpoint(null, [attempt(DEAD, "2026-01-01T00:00:01.000Z", 500)]).state).toBe("unknown");
  });

  it("finds the endpoint it replaced in the history, newest first", () => {
    const history = [
      { before: { umaDomain: "a", webhookEndpoint: DEAD }, after: { umaDomain: "b", webhookEndpoint: DEAD } },
      { before: { webhookEndpoint: GOOD }, after: { webhookEndpoint: DEAD } },
      { before: { webhookEndpoint: "" }, after: { webhookEndpoint: GOOD } },
    ];
    expect(previousEndpoint(DEAD, history)).toBe(GOOD);
    expect(previousEndpoint(GOOD, history)).toBeNull();
    expect(previousEndpoint(DEAD, [{ changes: { webhookEndpoint: DEAD } }])).toBeNull();
  });
});
