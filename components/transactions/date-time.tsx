"use client";

import { cn } from "@/lib/utils";

const short = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const full = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" });

/**
 * A moment in a list, in the reader's time zone ("Nov 22, 02:41 PM"), with the full date as its tooltip. Lists
 * show exact times, not "5 minutes ago": rows are compared with each other and with other systems' records.
 */
export function DateTime({ iso, className }: { iso: string | undefined; className?: string }) {
  if (!iso) return <span className={className}>—</span>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  return (
    // The browser's zone may differ from the server's; the text settles on the browser's.
    <time
      dateTime={date.toISOString()}
      title={full.format(date)}
      className={cn("whitespace-nowrap", className)}
      suppressHydrationWarning
    >
      {short.format(date)}
    </time>
  );
}
