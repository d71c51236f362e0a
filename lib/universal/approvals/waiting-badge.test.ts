import { describe, expect, it } from "vitest";
import { waitingBadge } from "./waiting-badge";

const one = [{ id: "Transaction:1" }];

describe("waitingBadge", () => {
  it("shows nothing when nothing waits", () => {
    expect(waitingBadge({ data: [], hasMore: false, totalCount: 0 })).toBeNull();
    expect(waitingBadge({ data: [], hasMore: false })).toBeNull();
  });

  it("counts from the list's totalCount, shown up to 99 and said in full", () => {
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
      spoken: "100 waiting",
    });
    // Beyond 99 the mark stops counting; the link's name still says how many (issue 49: 5,000 after an outage).
    expect(waitingBadge({ data: one, hasMore: true, totalCount: 5_000 })).toEqual({
      text: "99+",
      spoken: "5,000 waiting",
    });
  });

  it("says only what it knows when the API gives no count", () => {
    expect(waitingBadge({ data: one, hasMore: false })).toEqual({ text: "1", spoken: "1 waiting" });
    expect(waitingBadge({ data: one, hasMore: true })).toEqual({ text: "2+", spoken: "at least 2 waiting" });
  });
});
