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
