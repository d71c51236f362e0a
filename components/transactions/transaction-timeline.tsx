"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { statusInfo } from "@/components/ui/status";
import { Timestamp } from "@/components/ui/timestamp";
import type { TimelineEntry } from "@/lib/universal/transactions/timeline";
import { cn } from "@/lib/universal/utils";

const DOT: Record<string, string> = {
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
  info: "bg-sky-500",
  neutral: "bg-zinc-400",
};

/**
 * The status history, oldest first: each step's time, what it was and how the console learnt of it, with the
 * decisions people made on it in this console.
 */
export function TransactionTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <ol className="relative flex flex-col gap-5 border-l border-zinc-200 pl-5 dark:border-zinc-800">
      {entries.map((entry) => (
        <li key={entry.key} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              "absolute top-1.5 -left-[1.59rem] size-2.5 rounded-full ring-4 ring-white dark:ring-zinc-900",
              DOT[entry.tone ?? statusInfo(entry.status).tone] ?? DOT.neutral,
            )}
          />
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{entry.title}</p>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            {entry.at ? (
              <>
                <RelativeTime date={entry.at} clock={entry.source === "console" ? "console" : "platform"} /> ·{" "}
                <Timestamp value={entry.at} style="precise" />
              </>
            ) : (
              "Time not recorded"
            )}
          </p>
          {entry.detail ? (
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{entry.detail}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
