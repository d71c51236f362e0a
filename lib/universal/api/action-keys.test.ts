import { describe, expect, it } from "vitest";
import { actionKeyMemory, answerSettles, UNANSWERED_KEY_MS } from "./action-keys";

describe("action keys in the browser", () => {
  const memory = (start = 0) => {
    let count = 0;
    let time = start;
    const keys = actionKeyMemory(
      () => `key-${++count}`,
      () => time,
    );
    return { keys, advance: (ms: number) => (time += ms) };
  };

  it("gives a repeat of a request the same key until an answer settles it", () => {
    const { keys } = memory();
    const approve = 'POST /api/payments/transactions/T1/approve\n{"a":1}';
    expect(keys.keyFor(approve)).toBe("key-1");
    expect(keys.keyFor(approve)).toBe("key-1");
    expect(keys.keyFor('POST /api/payments/transactions/T2/approve\n{"a":1}')).toBe("key-2");
    keys.settled(approve);
    expect(keys.keyFor(approve)).toBe("key-3");
  });

  it("forgets an unanswered request's key after a while", () => {
    const { keys, advance } = memory();
    expect(keys.keyFor("x")).toBe("key-1");
    advance(UNANSWERED_KEY_MS - 1);
    expect(keys.keyFor("x")).toBe("key-1");
    advance(UNANSWERED_KEY_MS);
    expect(keys.keyFor("x")).toBe("key-2");
  });

  it("keeps the key when no answer said what happened", () => {
    expect(answerSettles(200)).toBe(true);
    expect(answerSettles(400, "INVALID_INPUT")).toBe(true);
    expect(answerSettles(409, "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL")).toBe(true);
    expect(answerSettles(0, "NETWORK_ERROR")).toBe(false);
    expect(answerSettles(504, "UPSTREAM_TIMEOUT", "unknown")).toBe(false);
    expect(answerSettles(409, "IN_PROGRESS")).toBe(false);
  });
});
