/** Pure time arithmetic behind Countdown and RelativeTime, kept apart so it can be tested without a clock. */

import { formatCount } from "@/lib/universal/intl/count";

const COUNTDOWN_WARNING_MS = 2 * 60_000;
const COUNTDOWN_DANGER_MS = 30_000;

export type CountdownTone = "normal" | "warning" | "danger" | "expired";

export type CountdownState = {
  expired: boolean;
  tone: CountdownTone;
  /** Clock face: `4:05`, `1:02:03`. */
  text: string;
  /** The same in words for assistive technology: "4 minutes 5 seconds". */
  spoken: string;
};

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

export function countdownTone(remainingMs: number): CountdownTone {
  if (remainingMs <= 0) return "expired";
  if (remainingMs < COUNTDOWN_DANGER_MS) return "danger";
  if (remainingMs < COUNTDOWN_WARNING_MS) return "warning";
  return "normal";
}

export function countdownState(remainingMs: number): CountdownState {
  if (!(remainingMs > 0)) return { expired: true, tone: "expired", text: "0:00", spoken: "expired" };
  // Rounding up keeps "0:01" on screen until the deadline has really passed.
  const totalSeconds = Math.ceil(remainingMs / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, "0");
  const text = hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
  const spokenParts = [
    hours > 0 ? plural(hours, "hour") : null,
    minutes > 0 ? plural(minutes, "minute") : null,
    seconds > 0 || totalSeconds < 60 ? plural(seconds, "second") : null,
  ].filter((part): part is string => part !== null);
  return { expired: false, tone: countdownTone(remainingMs), text, spoken: spokenParts.join(" ") };
}

/**
 * The threshold announcement due when the time left moves from `previousMs` to `currentMs`, if any: said once
 * when crossing 2 minutes, 30 seconds and the deadline, so screen readers are not told every second.
 */
export function countdownAnnouncement(previousMs: number, currentMs: number): string | null {
  if (previousMs > 0 && currentMs <= 0) return "Expired";
  if (previousMs >= COUNTDOWN_DANGER_MS && currentMs < COUNTDOWN_DANGER_MS && currentMs > 0) {
    return "Less than 30 seconds left";
  }
  if (
    previousMs >= COUNTDOWN_WARNING_MS &&
    currentMs < COUNTDOWN_WARNING_MS &&
    currentMs >= COUNTDOWN_DANGER_MS
  ) {
    return "Less than 2 minutes left";
  }
  return null;
}

const RELATIVE_STEPS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; ms: number; below: number }> = [
  { unit: "minute", ms: 60_000, below: 45 * 60_000 },
  { unit: "hour", ms: 3_600_000, below: 22 * 3_600_000 },
  { unit: "day", ms: 86_400_000, below: 26 * 86_400_000 },
  { unit: "month", ms: 30 * 86_400_000, below: 320 * 86_400_000 },
];

// What Intl.RelativeTimeFormat says in en-US with `numeric: "auto"` for one unit either side of now.
const NEIGHBOURS: Partial<Record<Intl.RelativeTimeFormatUnit, readonly [before: string, after: string]>> = {
  day: ["yesterday", "tomorrow"],
  month: ["last month", "next month"],
  year: ["last year", "next year"],
};

/**
 * `Intl.RelativeTimeFormat("en-US", { numeric: "auto" })` for the units and values below (never 0), written out:
 * the first Intl formatter a page makes loads the browser's locale data, about 100 ms of a 4x-throttled customer
 * page. time-format.test.ts compares the two.
 */
function writeRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const neighbours = NEIGHBOURS[unit];
  if (neighbours && Math.abs(value) === 1) return value < 0 ? neighbours[0] : neighbours[1];
  const count = Math.abs(value);
  const units = `${formatCount(count)} ${unit}${count === 1 ? "" : "s"}`;
  return value < 0 ? `${units} ago` : `in ${units}`;
}

/** "just now", "5 minutes ago", "in 2 hours", "yesterday"… rounded as people say it. */
export function formatRelativeTime(date: Date, now: Date, locale = "en-US"): string {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < 45_000) return "just now";
  const format = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    locale === "en-US"
      ? writeRelative(value, unit)
      : new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(value, unit);
  for (const step of RELATIVE_STEPS) {
    if (abs < step.below) return format(Math.round(diff / step.ms), step.unit);
  }
  return format(Math.round(diff / (365 * 86_400_000)), "year");
}
