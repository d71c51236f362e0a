"use client";

import { useTimeZonePreference } from "@/lib/client/time/use-time-zone-preference";
import { formatTimestamp, type TimestampStyle } from "@/lib/universal/time/timestamp-format";

/**
 * A moment as the console writes it everywhere: with its zone's name, in UTC or the reader's zone as they chose in
 * the user menu; the other zone is its tooltip.
 *
 * The tooltip (the `title`) is written when the pointer first comes over the moment, not when the page hydrates: the
 * reader's own zone is known only in the browser, and a title that waited for hydration re-rendered every moment of
 * the page in one synchronous pass right after it (React's useSyncExternalStore switching from the server's snapshot),
 * each asking Intl for the reader's zone. On a list or a form page under 4x CPU throttling that pass held the first
 * frame after hydration, and with it a form's controls, for 50-400 ms.
 */
export function Timestamp({
  value,
  style = "datetime",
  className,
}: {
  value: Date | string | null | undefined;
  style?: TimestampStyle;
  className?: string;
}) {
  const [zone] = useTimeZonePreference();
  const date = typeof value === "string" ? new Date(value) : value;
  if (!date || Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  const other = zone === "utc" ? "local" : "utc";
  return (
    <time
      dateTime={date.toISOString()}
      // React leaves `title` alone (it renders none), so the attribute written here stays until the next pointing.
      onPointerEnter={(event) => {
        event.currentTarget.title = formatTimestamp(date, { zone: other, style: "precise" });
      }}
      className={className}
    >
      {/* The date and the time each stay whole; a narrow column puts the time under the date. */}
      {formatTimestamp(date, { zone, style })
        .split(", ")
        .map((part, index, parts) => (
          <span key={part} className="whitespace-nowrap">
            {part}
            {index < parts.length - 1 ? "," : null}
          </span>
        ))
        .flatMap((part, index) => (index === 0 ? [part] : [" ", part]))}
    </time>
  );
}
