"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { Timestamp } from "@/components/ui/timestamp";

/** A moment with its zone, with how long ago it was. */
export function When({ iso }: { iso: string | undefined }) {
  if (!iso) return <>—</>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <span className="flex flex-col">
      <Timestamp value={date} style="precise" />
      <RelativeTime date={date} className="text-xs text-zinc-500 dark:text-zinc-400" />
    </span>
  );
}
