/**
 * A calendar day ("2025-01-31", the API's dates of birth, a volume chart's days) as Intl.DateTimeFormat writes it in
 * en-US, read as that day wherever the reader is (no zone shift): "Jan 31, 2025", or "Jan 31" without the year.
 * Written out rather than asked of Intl: the first DateTimeFormat a page makes loads the browser's date data, about
 * 100 ms of a 4x-throttled page's hydration (the customer page's date of birth), for a month's name and two
 * numbers. calendar-day.test.ts compares the two over centuries of days. A text that is not a day is returned as it
 * is; a year Intl would write with an era (before year 1) is left to Intl.
 */

// en-US's short month names.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatCalendarDay(day: string, { withYear = true }: { withYear?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const year = date.getUTCFullYear();
  if (year < 1) {
    return new Intl.DateTimeFormat(
      "en-US",
      withYear
        ? { dateStyle: "medium", timeZone: "UTC" }
        : { month: "short", day: "numeric", timeZone: "UTC" },
    ).format(date);
  }
  const monthDay = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return withYear ? `${monthDay}, ${year}` : monthDay;
}
