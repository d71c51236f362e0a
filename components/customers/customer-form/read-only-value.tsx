"use client";

import { cn } from "@/lib/universal/utils";

/** A value shown where an input would be, for what cannot change. */
export function ReadOnlyValue({
  label,
  value,
  mono = false,
}: {
  label: string;
  value: string;
  mono?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium leading-none">{label}</span>
      <span
        className={cn("flex h-9 items-center text-sm text-zinc-700 dark:text-zinc-300", mono && "font-mono")}
      >
        {value}
      </span>
    </div>
  );
}
