import { describe, expect, it, vi } from "vitest";
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

  it("writes UTC exactly as Intl does under en-GB, without asking Intl", () => {
    const intl = (style: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-GB", {
        ...style,
        hourCycle: "h23",
        timeZoneName: "short",
        timeZone: "UTC",
      });
    const styles = {
      datetime: intl({ day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
      precise: intl({
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
      time: intl({ hour: "2-digit", minute: "2-digit", second: "2-digit" }),
    } as const;
    // Every month and hour of a few years, then moments spread over eleven centuries (a fixed pseudo-random walk).
    const moments: Date[] = [];
    for (const year of [1, 999, 1970, 2026, 2100, 9999])
      for (let month = 0; month < 12; month++)
        moments.push(new Date(Date.UTC(year, month, (month % 28) + 1, month * 2, 59, 1)));
    let seed = 7;
    for (let index = 0; index < 2_000; index++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      moments.push(new Date(Date.UTC(1500, 0, 1) + (seed / 2_147_483_648) * 1.1e3 * 365.25 * 86_400_000));
    }
    for (const moment of moments) {
      for (const [style, format] of Object.entries(styles)) {
        expect(formatTimestamp(moment, { style: style as keyof typeof styles })).toBe(
          format.format(moment).replace(/\bGMT$/, "UTC"),
        );
      }
    }
  });

  it("writes UTC without making an Intl.DateTimeFormat (the browser's first one costs a slow page's hydration)", async () => {
    vi.resetModules();
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const fresh = await import("./timestamp-format");
      for (const style of ["datetime", "precise", "time"] as const) fresh.formatTimestamp(moment, { style });
      expect(made).toBe(0);
      expect(fresh.formatTimestamp(moment, { zone: "local", timeZone: "Europe/Paris" })).toBe(
        "26 Nov 2026, 15:03 CET",
      );
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it("writes a dash for what is not a moment", () => {
    expect(formatTimestamp("not a date")).toBe("—");
  });
});
