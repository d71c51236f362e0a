import { describe, expect, it } from "vitest";
import { formatCalendarDay } from "./calendar-day";

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describe("formatCalendarDay", () => {
  it("writes a day as a person reads it, with or without its year", () => {
    expect(formatCalendarDay("2025-01-31")).toBe("Jan 31, 2025");
    expect(formatCalendarDay("2026-09-05", { withYear: false })).toBe("Sep 5");
  });

  it("returns what is not a day as it is", () => {
    expect(formatCalendarDay("someday")).toBe("someday");
    expect(formatCalendarDay("")).toBe("");
  });

  it("writes every day exactly as Intl does under en-US, without asking Intl", () => {
    const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    // Every day of a leap year and of the year after, then days spread over twenty centuries (a fixed walk).
    const days: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2026, 0, 1); time += 86_400_000)
      days.push(isoDay(time));
    let seed = 11;
    for (let index = 0; index < 3_000; index++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      days.push(isoDay(Date.UTC(100, 0, 1) + (seed / 2_147_483_648) * 9_800 * 365.25 * 86_400_000));
    }
    for (const day of days) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(formatCalendarDay(day), day).toBe(medium.format(date));
      expect(formatCalendarDay(day, { withYear: false }), day).toBe(short.format(date));
    }
  });
});
