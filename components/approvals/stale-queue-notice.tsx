"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorDetails } from "@/components/ui/error-details";

/**
 * A refresh of the queue failed while the payments last loaded are on screen: they stay (an officer mid-decision
 * keeps the card and its dialog), with this said above them and a way to try again. The API still decides: a
 * payment decided elsewhere meanwhile is refused with its reason.
 */
export function StaleQueueNotice({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          The queue could not be refreshed ({errorDetails(error).message}). These are the payments as last
          loaded; some may have been decided or timed out since.
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText="Trying again…">
        Try again
      </Button>
    </div>
  );
}
