import { afterEach, describe, expect, it, vi } from "vitest";
import {
  notePlatformDate,
  platformClockKnown,
  platformNow,
  platformSkew,
  resetPlatformClock,
  skewFromDateHeader,
  subscribePlatformClock,
} from "./platform-clock";

const ARRIVED = Date.parse("2026-11-24T12:00:00.000Z");
/** The Date header an answer sent `aheadMs` past ARRIVED would carry (whole seconds). */
const header = (aheadMs: number) => new Date(Math.floor((ARRIVED + aheadMs) / 1000) * 1000).toUTCString();

afterEach(() => {
  resetPlatformClock();
  vi.useRealTimers();
});

describe("platform clock", () => {
  it("counts from the browser's clock until an answer says otherwise", () => {
    expect(platformClockKnown()).toBe(false);
    expect(platformSkew()).toBe(0);
    notePlatformDate(null);
    notePlatformDate("not a date");
    expect(platformClockKnown()).toBe(false);
  });

  it("learns a clock moved forward, to within the header's second", () => {
    notePlatformDate(header(400_000), ARRIVED);
    expect(platformClockKnown()).toBe(true);
    expect(Math.abs(platformSkew() - 400_000)).toBeLessThanOrEqual(1_000);
    vi.useFakeTimers({ now: ARRIVED });
    expect(Math.abs(platformNow() - (ARRIVED + 400_000))).toBeLessThanOrEqual(1_000);
  });

  it("takes a difference within the header's grain and the trip for none", () => {
    notePlatformDate(header(-900), ARRIVED);
    expect(platformClockKnown()).toBe(true);
    expect(platformSkew()).toBe(0);
    notePlatformDate(header(1_200), ARRIVED);
    expect(platformSkew()).toBe(0);
  });

  it("tells subscribers when the skew changes, and only then", () => {
    const heard = vi.fn();
    const unsubscribe = subscribePlatformClock(heard);
    notePlatformDate(header(60_000), ARRIVED);
    expect(heard).toHaveBeenCalledTimes(1);
    // The same clock read a little later, or with a different rounding: nothing changed.
    notePlatformDate(header(60_000 + 700), ARRIVED + 300);
    expect(heard).toHaveBeenCalledTimes(1);
    // The clock moved again.
    notePlatformDate(header(120_000), ARRIVED);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(Math.abs(platformSkew() - 120_000)).toBeLessThanOrEqual(1_000);
    unsubscribe();
    notePlatformDate(header(0), ARRIVED);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(platformSkew()).toBe(0);
  });

  it("works out one answer's skew without keeping it (what the console's server uses)", () => {
    const day = 24 * 60 * 60 * 1000;
    const skew = skewFromDateHeader(header(day), ARRIVED);
    expect(skew).not.toBeNull();
    expect(Math.abs((skew ?? 0) - day)).toBeLessThanOrEqual(1_000);
    expect(skewFromDateHeader(header(-1_500), ARRIVED)).toBe(0);
    expect(skewFromDateHeader(header(-day), ARRIVED)).toBeLessThan(-day + 1_000);
    expect(skewFromDateHeader(undefined, ARRIVED)).toBeNull();
    expect(skewFromDateHeader("yesterday", ARRIVED)).toBeNull();
    expect(platformClockKnown()).toBe(false);
  });
});
