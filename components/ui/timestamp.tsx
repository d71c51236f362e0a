"use client";

import { formatTimestamp, type TimestampStyle } from "@/lib/time/timestamp-format";
import { useTimeZonePreference } from "@/lib/time/use-time-zone-preference";
import { useHydrated } from "./use-hydrated";

/**
 * A moment as the console writes it everywhere: with its zone's name, in UTC or the reader's zone as they chose in
 * the user menu; the other zone is its tooltip.
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
  // The reader's own zone is known only in the browser: the tooltip waits for hydration.
  const hydrated = useHydrated();
  const date = typeof value === "string" ? new Date(value) : value;
  if (!date || Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  return (
    <time
      dateTime={date.toISOString()}
      title={
        hydrated
          ? formatTimestamp(date, { zone: zone === "utc" ? "local" : "utc", style: "precise" })
          : undefined
      }
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
