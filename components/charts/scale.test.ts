import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fractionOf, niceStep } from "./scale";

describe("niceStep", () => {
  it("picks 1, 2 or 5 times a power of ten that covers the maximum", () => {
    expect(niceStep(2_500n, 4)).toBe(1_000n);
    expect(niceStep(4_000n, 4)).toBe(1_000n);
    expect(niceStep(4_001n, 4)).toBe(2_000n);
    expect(niceStep(17n, 4)).toBe(5n);
    expect(niceStep(0n, 4)).toBe(1n);
    expect(niceStep(18_000_000_000_000_001n, 4)).toBe(5_000_000_000_000_000n);
  });

  it("always reaches the maximum in the given number of ticks, never by more than a factor of 2.5 per step", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), (max) => {
        const step = niceStep(max, 4);
        expect(step * 4n >= max).toBe(true);
        expect(step * 4n < max * 10n + 40n).toBe(true);
        expect(/^[125]0*$/.test(step.toString())).toBe(true);
      }),
    );
  });
});

describe("fractionOf", () => {
  it("places a value on the axis", () => {
    expect(fractionOf(500n, 1_000n)).toBe(0.5);
    expect(fractionOf(0n, 1_000n)).toBe(0);
    expect(fractionOf(2_000n, 1_000n)).toBe(1);
    expect(fractionOf(1n, 0n)).toBe(0);
  });
});
