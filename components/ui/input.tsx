import type * as React from "react";
import { cn, focusRing } from "@/lib/universal/utils";

export const fieldControlClasses = cn(
  "w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm transition-colors",
  "placeholder:text-zinc-400 disabled:cursor-not-allowed disabled:opacity-50",
  // A read-only field (a role that may look but not change) does not look like one to type in.
  "read-only:bg-zinc-50 read-only:text-zinc-700 read-only:shadow-none dark:read-only:bg-zinc-800/60 dark:read-only:text-zinc-300",
  "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500",
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500",
  focusRing,
  "focus-visible:ring-offset-0",
);

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        fieldControlClasses,
        "h-9 py-1 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        // Native date pickers draw their icon for the page's scheme; follow ours.
        "dark:[color-scheme:dark]",
        className,
      )}
      {...props}
    />
  );
}
