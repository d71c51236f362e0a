import type * as React from "react";
import { cn } from "@/lib/universal/utils";

export type DetailRow = {
  label: React.ReactNode;
  value: React.ReactNode;
  /** A line under the label explaining what the value means. */
  hint?: React.ReactNode;
  /** Emphasises a total. */
  strong?: boolean;
};

/**
 * Label–value pairs. `inline` puts labels left and values right-aligned, so amounts line up; `stacked` puts each
 * value under its label, for narrow columns and long values (ids, dates).
 */
export function DetailList({
  rows,
  layout = "inline",
  className,
}: {
  rows: readonly DetailRow[];
  layout?: "inline" | "stacked";
  className?: string;
}) {
  const stacked = layout === "stacked";
  return (
    <dl className={cn("divide-y divide-zinc-100 text-sm dark:divide-zinc-800", className)}>
      {rows.map((row, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed layout, never reordered.
          key={index}
          className={cn(
            "py-2.5 first:pt-0 last:pb-0",
            stacked ? "flex flex-col gap-1" : "flex items-start justify-between gap-4",
          )}
        >
          <dt
            className={cn(
              stacked
                ? "text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
                : "text-zinc-600 dark:text-zinc-400",
            )}
          >
            {row.label}
            {row.hint ? (
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{row.hint}</span>
            ) : null}
          </dt>
          <dd
            className={cn(
              "min-w-0 tabular-nums",
              !stacked && "text-right",
              row.strong
                ? "font-semibold text-zinc-900 dark:text-zinc-50"
                : "text-zinc-900 dark:text-zinc-100",
            )}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
