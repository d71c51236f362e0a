import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use";

describe("onFirstUse", () => {
  it("makes nothing until asked, then makes once and keeps it, falsy values included", () => {
    let made = 0;
    const format = onFirstUse(() => {
      made++;
      return new Intl.NumberFormat("en-US");
    });
    expect(made).toBe(0);
    expect(format().format(1234567)).toBe("1,234,567");
    expect(format()).toBe(format());
    expect(made).toBe(1);

    let zeros = 0;
    const zero = onFirstUse(() => {
      zeros++;
      return 0;
    });
    expect([zero(), zero()]).toEqual([0, 0]);
    expect(zeros).toBe(1);
  });
});
