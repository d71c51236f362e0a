"use client";

import * as React from "react";
import { useTimeZonePreference } from "@/lib/client/time/use-time-zone-preference";
import { formatTimestamp } from "@/lib/universal/time/timestamp-format";
import { formatRelativeTime } from "./time-format";
import { usePlatformSkew } from "./use-platform-skew";

export type RelativeTimeProps = {
  /** A Date or the API's ISO timestamp. */
  date: Date | string;
  className?: string;
  /**
   * Whose clock the time is on: the payment platform's (every timestamp from the API, the default), counted from
   * the platform's now so a moved sandbox clock does not make a payment made a second ago read "in 8 minutes"; or
   * the console's own (a webhook's arrival, an audit entry), counted from the browser's.
   */
  clock?: "platform" | "console";
};

const REFRESH_MS = 30_000;

/**
 * "5 minutes ago", with the exact time (in the zone the person chose, named) as its tooltip and machine-readable
 * `dateTime`. Server and browser agree on UTC; the relative wording needs the browser's clock, so it follows on
 * mount.
 */
export function RelativeTime({ date, className, clock = "platform" }: RelativeTimeProps) {
  const value = typeof date === "string" ? new Date(date) : date;
  const [now, setNow] = React.useState<Date | null>(null);
  const skew = usePlatformSkew(clock === "platform");
  const [zone] = useTimeZonePreference();

  React.useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (Number.isNaN(value.getTime())) return <span className={className}>—</span>;
  return (
    <time
      dateTime={value.toISOString()}
      title={now ? formatTimestamp(value, { zone, style: "precise" }) : undefined}
      className={className}
    >
      {now ? formatRelativeTime(value, new Date(now.getTime() + skew)) : formatTimestamp(value)}
    </time>
  );
}
