import { describe, expect, it } from "vitest";
import { compareCodeUnits } from "./order";

describe("compareCodeUnits", () => {
  it("orders currency codes as a collation does", () => {
    const codes = ["USD", "EUR", "MXN", "BRL", "GBP", "XAF", "AED", "ZWL", "JPY", "USDC"];
    expect([...codes].sort(compareCodeUnits)).toEqual([...codes].sort((a, b) => a.localeCompare(b)));
  });

  it("orders ISO moments in time", () => {
    const moments = ["2026-11-30T10:00:00.000Z", "2025-01-01T00:00:00.000Z", "2026-11-30T09:59:59.999Z"];
    expect([...moments].sort(compareCodeUnits)).toEqual([
      "2025-01-01T00:00:00.000Z",
      "2026-11-30T09:59:59.999Z",
      "2026-11-30T10:00:00.000Z",
    ]);
    expect(compareCodeUnits("a", "a")).toBe(0);
  });
});
