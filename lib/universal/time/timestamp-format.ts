/**
 * The console's one way of writing a moment: always with its zone, in UTC or in the reader's own zone, as the
 * person chose (lib/client/time/use-time-zone-preference.ts). "26 Nov 2026, 14:03 UTC", "26 Nov 2026, 15:03 CET".
 */

export type TimeZonePreference = "utc" | "local";

export type TimestampStyle =
  /** "26 Nov 2026, 14:03 UTC": lists. */
  | "datetime"
  /** "26 Nov 2026, 14:03:07 UTC": detail pages, timelines, logs. */
  | "precise"
  /** "14:03:07 UTC": a moment of today (a test's result, the sandbox's log). */
  | "time";

const OPTIONS: Record<TimestampStyle, Intl.DateTimeFormatOptions> = {
  datetime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  precise: {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  },
  time: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(style: TimestampStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    // en-GB writes day before month and a 24-hour clock, which reads the same everywhere.
    format = new Intl.DateTimeFormat("en-GB", {
      ...OPTIONS[style],
      hourCycle: "h23",
      timeZoneName: "short",
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

// en-GB's short month names (ICU writes "Sept").
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * A UTC moment written as Intl.DateTimeFormat writes it under en-GB (timestamp-format.test.ts compares the two over
 * centuries of moments), without Intl: the first DateTimeFormat a page makes loads the browser's locale and zone
 * data, a measurable share of a page's hydration on a slow machine, and every timestamp the server renders is UTC.
 * Null for a year Intl would write with an era (before year 1), which is left to Intl.
 */
function writeUtc(date: Date, style: TimestampStyle): string | null {
  const year = date.getUTCFullYear();
  if (year < 1) return null;
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
  if (style === "time") return `${time}:${twoDigits(date.getUTCSeconds())} UTC`;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${year}`;
  return style === "precise"
    ? `${day}, ${time}:${twoDigits(date.getUTCSeconds())} UTC`
    : `${day}, ${time} UTC`;
}

/**
 * A moment with its zone's name. `zone` "utc" writes UTC on every machine (what the server renders); "local"
 * writes the runtime's zone, or `timeZone` when given (tests).
 */
export function formatTimestamp(
  value: Date | string,
  {
    zone = "utc",
    style = "datetime",
    timeZone,
  }: { zone?: TimeZonePreference; style?: TimestampStyle; timeZone?: string } = {},
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  if (zone === "utc") {
    const written = writeUtc(date, style);
    if (written !== null) return written;
  }
  const text = formatFor(style, zone === "utc" ? "UTC" : timeZone).format(date);
  // Some runtimes name UTC "GMT" under en-GB; the console says UTC.
  return zone === "utc" ? text.replace(/\bGMT$/, "UTC") : text;
}

/** The reader's zone as the console names it: "Europe/Paris", or "UTC" where the runtime knows none. */
export function localTimeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
