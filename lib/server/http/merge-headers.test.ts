import { describe, expect, it } from "vitest";
import { mergeHeaders } from "./merge-headers";

describe("merging header objects", () => {
  it("gives a new object with every part's headers, later parts winning, and leaves the parts as they were", () => {
    const base = Object.freeze({ "cache-control": "no-store", "x-frame-options": "DENY" });
    const answer = { "content-type": "text/plain", "x-request-id": "a" };
    const merged = mergeHeaders(base, answer, { "content-type": "application/json" });
    expect(merged).toEqual({
      "cache-control": "no-store",
      "x-frame-options": "DENY",
      "content-type": "application/json",
      "x-request-id": "a",
    });
    expect(merged).not.toBe(answer);
    expect(answer).toEqual({ "content-type": "text/plain", "x-request-id": "a" });
    merged["cache-control"] = "private";
    expect(base["cache-control"]).toBe("no-store");
  });
});
