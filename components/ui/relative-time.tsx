"use client";

import * as React from "react";
import { formatRelativeTime } from "./time-format";

export type RelativeTimeProps = {
  /** A Date or the API's ISO timestamp. */
  date: Date | string;
  className?: string;
};

const REFRESH_MS = 30_000;

// Server and browser agree on UTC; the relative wording needs the browser's clock, so it follows on mount.
const utcFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const localFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "long" });

/** "5 minutes ago", with the exact local time as its tooltip and machine-readable `dateTime`. */
export function RelativeTime({ date, className }: RelativeTimeProps) {
  const value = typeof date === "string" ? new Date(date) : date;
  const [now, setNow] = React.useState<Date | null>(null);

  React.useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (Number.isNaN(value.getTime())) return <span className={className}>—</span>;
  return (
    <time
      dateTime={value.toISOString()}
      title={now ? localFormat.format(value) : undefined}
      className={className}
    >
      {now ? formatRelativeTime(value, now) : `${utcFormat.format(value)} UTC`}
    </time>
  );
}
