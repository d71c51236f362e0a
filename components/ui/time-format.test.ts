import { describe, expect, it } from "vitest";
import { countdownAnnouncement, countdownState, countdownTone, formatRelativeTime } from "./time-format";

describe("countdownState", () => {
  it("shows minutes and seconds, rounding up to the next second", () => {
    expect(countdownState(272_000)).toMatchObject({
      text: "4:32",
      spoken: "4 minutes 32 seconds",
      tone: "normal",
    });
    expect(countdownState(271_001).text).toBe("4:32");
    expect(countdownState(1).text).toBe("0:01");
    expect(countdownState(60_000)).toMatchObject({ text: "1:00", spoken: "1 minute" });
    expect(countdownState(5_000).spoken).toBe("5 seconds");
  });

  it("adds hours when needed", () => {
    expect(countdownState(3_723_000)).toMatchObject({
      text: "1:02:03",
      spoken: "1 hour 2 minutes 3 seconds",
    });
  });

  it("says expired at and after the deadline", () => {
    expect(countdownState(0)).toMatchObject({ expired: true, spoken: "expired", tone: "expired" });
    expect(countdownState(-5_000).expired).toBe(true);
    expect(countdownState(Number.NaN).expired).toBe(true);
  });
});

describe("countdownTone", () => {
  it("warns under 2 minutes and alarms under 30 seconds", () => {
    expect(countdownTone(120_000)).toBe("normal");
    expect(countdownTone(119_999)).toBe("warning");
    expect(countdownTone(30_000)).toBe("warning");
    expect(countdownTone(29_999)).toBe("danger");
    expect(countdownTone(0)).toBe("expired");
  });
});

describe("countdownAnnouncement", () => {
  it("announces each threshold once, when crossed", () => {
    expect(countdownAnnouncement(121_000, 120_000)).toBeNull();
    expect(countdownAnnouncement(120_000, 119_000)).toBe("Less than 2 minutes left");
    expect(countdownAnnouncement(119_000, 118_000)).toBeNull();
    expect(countdownAnnouncement(30_000, 29_000)).toBe("Less than 30 seconds left");
    expect(countdownAnnouncement(1_000, 0)).toBe("Expired");
    expect(countdownAnnouncement(0, -1_000)).toBeNull();
  });

  it("announces the nearest threshold when a jump skips one", () => {
    expect(countdownAnnouncement(200_000, 10_000)).toBe("Less than 30 seconds left");
    expect(countdownAnnouncement(200_000, -1)).toBe("Expired");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it("rounds as people say it", () => {
    expect(formatRelativeTime(at(-10_000), now)).toBe("just now");
    expect(formatRelativeTime(at(-5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(at(2 * 3_600_000), now)).toBe("in 2 hours");
    expect(formatRelativeTime(at(-24 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(at(-3 * 86_400_000), now)).toBe("3 days ago");
    expect(formatRelativeTime(at(-60 * 86_400_000), now)).toBe("2 months ago");
    expect(formatRelativeTime(at(-400 * 86_400_000), now)).toBe("last year");
  });
});

describe("formatRelativeTime without Intl", () => {
  it("says every distance exactly as Intl.RelativeTimeFormat does in en-US", () => {
    const intl = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
    const now = new Date("2025-06-01T12:00:00Z");
    const steps = [
      { unit: "minute", ms: 60_000, below: 45 * 60_000 },
      { unit: "hour", ms: 3_600_000, below: 22 * 3_600_000 },
      { unit: "day", ms: 86_400_000, below: 26 * 86_400_000 },
      { unit: "month", ms: 30 * 86_400_000, below: 320 * 86_400_000 },
    ] as const;
    // Every 15 seconds for two days either side, every ten minutes for a year, every day for a thousand years.
    const offsets: number[] = [];
    for (let offset = 45_000; offset < 2 * 86_400_000; offset += 15_000) offsets.push(offset, -offset);
    for (let offset = 0; offset < 366 * 86_400_000; offset += 600_000)
      offsets.push(offset + 45_000, -offset - 45_000);
    for (let day = 1; day < 1_000 * 366; day++) offsets.push(day * 86_400_000, -day * 86_400_000);
    const differences: string[] = [];
    for (const offset of offsets) {
      const abs = Math.abs(offset);
      const step = steps.find((candidate) => abs < candidate.below);
      const expected = step
        ? intl.format(Math.round(offset / step.ms), step.unit)
        : intl.format(Math.round(offset / (365 * 86_400_000)), "year");
      const written = formatRelativeTime(new Date(now.getTime() + offset), now);
      if (written !== expected) differences.push(`${offset}: ${written} (Intl: ${expected})`);
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });
});
