import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, groupDigits } from "./count";

describe("formatCount", () => {
  it("writes counts as Intl writes them in en-US", () => {
    const intl = new Intl.NumberFormat("en-US");
    for (const count of [0, 1, 12, 999, 1000, 1204, 100_000, 1_000_000, -1234]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
    fc.assert(
      fc.property(fc.maxSafeInteger(), (count) => {
        expect(formatCount(count)).toBe(intl.format(count));
      }),
    );
    expect(formatCount(1.5)).toBe("1.5");
  });

  it("groups any length of digits by thousands", () => {
    expect(groupDigits("")).toBe("");
    expect(groupDigits("1")).toBe("1");
    expect(groupDigits("1234")).toBe("1,234");
    expect(groupDigits("123456789012345678")).toBe("123,456,789,012,345,678");
  });
});
