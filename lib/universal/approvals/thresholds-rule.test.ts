import { describe, expect, it } from "vitest";
import {
  diffThresholds,
  isStaleThresholds,
  loosensThresholds,
  needsTwoApproversFor,
  stricterPart,
} from "./thresholds-rule";

const usd = (minimumAmount: number) => ({ currency: "USD", minimumAmount });
const eur = (minimumAmount: number) => ({ currency: "EUR", minimumAmount });

describe("changing the two-person rule: stricter applies, looser waits for a second person", () => {
  it("calls adding a currency or lowering its minimum stricter", () => {
    expect(diffThresholds([], [usd(100_000)])).toEqual([
      { currency: "USD", before: null, after: 100_000, direction: "stricter" },
    ]);
    expect(diffThresholds([usd(100_000)], [usd(50_000)])).toEqual([
      { currency: "USD", before: 100_000, after: 50_000, direction: "stricter" },
    ]);
    expect(loosensThresholds([usd(100_000)], [usd(50_000), eur(1)])).toBe(false);
  });

  it("calls removing a currency or raising its minimum looser", () => {
    expect(diffThresholds([usd(100_000)], [])).toEqual([
      { currency: "USD", before: 100_000, after: null, direction: "looser" },
    ]);
    expect(diffThresholds([usd(100_000)], [usd(100_001)])).toEqual([
      { currency: "USD", before: 100_000, after: 100_001, direction: "looser" },
    ]);
    expect(loosensThresholds([usd(100_000)], [])).toBe(true);
    expect(loosensThresholds([usd(100_000), eur(5)], [usd(1), eur(6)])).toBe(true);
  });

  it("sees no change when nothing moves, whatever the order", () => {
    expect(diffThresholds([usd(1), eur(2)], [eur(2), usd(1)])).toEqual([]);
    expect(loosensThresholds([usd(1)], [usd(1)])).toBe(false);
    expect(isStaleThresholds([usd(1), eur(2)], [eur(2), usd(1)])).toBe(false);
    expect(isStaleThresholds([usd(1)], [usd(2)])).toBe(true);
    expect(isStaleThresholds([usd(1)], [])).toBe(true);
  });

  it("takes the stricter part of a mixed change: every currency of either, the lower minimum", () => {
    // USD raised (looser), EUR added (stricter), MXN removed (looser).
    const before = [usd(100_000), { currency: "MXN", minimumAmount: 7 }];
    const after = [usd(200_000), eur(50)];
    expect(stricterPart(before, after)).toEqual([
      eur(50),
      { currency: "MXN", minimumAmount: 7 },
      usd(100_000),
    ]);
    expect(loosensThresholds(before, stricterPart(before, after))).toBe(false);
    expect(loosensThresholds(stricterPart(before, after), after)).toBe(true);
  });
});

describe("a payment keeps the rule that applied when it arrived", () => {
  it("needs two approvers under the stricter of the rule at arrival and today's", () => {
    // The threshold was removed after the payment arrived: still two.
    expect(needsTwoApproversFor([usd(100_000)], [], "USD", 250_000)).toBe(true);
    // Raised above the payment after it arrived: still two.
    expect(needsTwoApproversFor([usd(100_000)], [usd(500_000)], "USD", 250_000)).toBe(true);
    // Tightened after it arrived: the stricter rule applies at once.
    expect(needsTwoApproversFor([], [usd(100_000)], "USD", 250_000)).toBe(true);
    // Below both, or another currency: one.
    expect(needsTwoApproversFor([usd(100_000)], [usd(100_000)], "USD", 99_999)).toBe(false);
    expect(needsTwoApproversFor([usd(100_000)], [], "EUR", 250_000)).toBe(false);
  });

  it("judges a payment the console never saw arrive by today's rule", () => {
    expect(needsTwoApproversFor(null, [], "USD", 250_000)).toBe(false);
    expect(needsTwoApproversFor(null, [usd(100_000)], "USD", 250_000)).toBe(true);
  });
});
