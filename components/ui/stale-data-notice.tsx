"use client";

import { CircleAlert, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/universal/utils";

const TONES = {
  // A refresh failed: what is on screen stays, as last loaded, and may be out of date.
  stale: {
    role: "status",
    Icon: TriangleAlert,
    className:
      "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  },
  // The API refused what was asked (a filter, say): what is on screen is still the answer to the request before.
  refused: {
    role: "alert",
    Icon: CircleAlert,
    className: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  },
} as const;

/**
 * Data on screen that a later request did not renew, said above it: why, that what is shown is what was loaded
 * before, and Try again where that can help. The one notice of the approval queue and of every list (docs/ARCHITECTURE.md, "One
 * primitive per pattern"); the data itself stays, so a person mid-task keeps their place.
 */
export function StaleDataNotice({
  tone = "stale",
  children,
  retrying,
  onRetry,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  /** Try again, where asking again can help (not when the API refused what was asked). */
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}) {
  const { role, Icon, className } = TONES[tone];
  return (
    <div
      role={role}
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm",
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{children}</span>
      </p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText="Trying again…">
          Try again
        </Button>
      ) : null}
    </div>
  );
}
