import { describe, expect, it } from "vitest";
import { waitingBadge } from "./waiting-badge";

const one = [{ id: "Transaction:1" }];

describe("waitingBadge", () => {
  it("shows nothing when nothing waits", () => {
    expect(waitingBadge({ data: [], hasMore: false, totalCount: 0 })).toBeNull();
    expect(waitingBadge({ data: [], hasMore: false })).toBeNull();
  });

  it("counts from the list's totalCount, up to 99", () => {
    expect(waitingBadge({ data: one, hasMore: true, totalCount: 3 })).toEqual({
      text: "3",
      spoken: "3 waiting",
    });
    expect(waitingBadge({ data: one, hasMore: true, totalCount: 99 })).toEqual({
      text: "99",
      spoken: "99 waiting",
    });
    expect(waitingBadge({ data: one, hasMore: true, totalCount: 100 })).toEqual({
      text: "99+",
      spoken: "more than 99 waiting",
    });
  });

  it("says only what it knows when the API gives no count", () => {
    expect(waitingBadge({ data: one, hasMore: false })).toEqual({ text: "1", spoken: "1 waiting" });
    expect(waitingBadge({ data: one, hasMore: true })).toEqual({ text: "2+", spoken: "at least 2 waiting" });
  });
});
