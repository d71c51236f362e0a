import { describe, expect, it } from "vitest";
import { formatTimestamp } from "./timestamp-format";

const moment = "2026-11-26T14:03:07.123Z";

describe("formatTimestamp", () => {
  it("writes UTC with its name", () => {
    expect(formatTimestamp(moment)).toBe("26 Nov 2026, 14:03 UTC");
    expect(formatTimestamp(moment, { style: "precise" })).toBe("26 Nov 2026, 14:03:07 UTC");
    expect(formatTimestamp(new Date(moment), { style: "time" })).toBe("14:03:07 UTC");
  });

  it("writes a local zone with its name", () => {
    expect(formatTimestamp(moment, { zone: "local", timeZone: "Europe/Paris" })).toBe(
      "26 Nov 2026, 15:03 CET",
    );
    expect(formatTimestamp(moment, { zone: "local", timeZone: "Asia/Tokyo", style: "time" })).toMatch(
      /^23:03:07 (GMT\+9|JST)$/,
    );
  });

  it("names the zone even when local is UTC", () => {
    expect(formatTimestamp(moment, { zone: "local", timeZone: "UTC" })).toMatch(
      /^26 Nov 2026, 14:03 (UTC|GMT)$/,
    );
  });

  it("writes a dash for what is not a moment", () => {
    expect(formatTimestamp("not a date")).toBe("—");
  });
});
