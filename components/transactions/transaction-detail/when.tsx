"use client";

import { RelativeTime } from "@/components/ui/relative-time";

/** A moment in UTC, with how long ago it was. */
const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export function When({ iso }: { iso: string | undefined }) {
  if (!iso) return <>—</>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <span className="flex flex-col">
      <span>{utc.format(date)} UTC</span>
      <RelativeTime date={date} className="text-xs text-zinc-500 dark:text-zinc-400" />
    </span>
  );
}
