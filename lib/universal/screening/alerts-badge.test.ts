import { describe, expect, it } from "vitest";
import { alertsBadge } from "./alerts-badge";

describe("the Screening link's mark", () => {
  it("is absent when no alert is open", () => {
    expect(alertsBadge({ open: 0 })).toBeNull();
  });

  it("shows the count and says it in words, one alert or several", () => {
    expect(alertsBadge({ open: 1 })).toEqual({ text: "1", spoken: "1 open alert" });
    expect(alertsBadge({ open: 7 })).toEqual({ text: "7", spoken: "7 open alerts" });
  });

  it("stops counting at 99+ on the mark, never in words", () => {
    expect(alertsBadge({ open: 99 })).toEqual({ text: "99", spoken: "99 open alerts" });
    expect(alertsBadge({ open: 1_250 })).toEqual({ text: "99+", spoken: "1,250 open alerts" });
  });
});
