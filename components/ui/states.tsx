import { CircleExclamationPoint, Inbox, type LucideIcon, RotateCw } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/universal/utils";
import { Button } from "./button";
import { errorDetails } from "./error-details";
import { Skeleton } from "./skeleton";

// Varied widths read as content rather than as a grid of identical bars.
const WIDTHS = ["w-3/4", "w-1/2", "w-2/3", "w-5/6", "w-2/5"] as const;

export type LoadingStateProps = {
  /** What is loading, for screen readers: "Loading transactions". */
  label?: string;
  rows?: number;
  columns?: number;
  className?: string;
};

export function LoadingState({ label = "Loading", rows = 5, columns = 4, className }: LoadingStateProps) {
  return (
    <div role="status" aria-busy="true" aria-live="polite" className={cn("flex flex-col", className)}>
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity and never reorder.
          key={row}
          className="flex items-center gap-4 border-b border-zinc-100 px-4 py-3.5 last:border-0 dark:border-zinc-800/60"
        >
          {Array.from({ length: columns }, (_, column) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              key={column}
              className="flex-1"
            >
              <Skeleton className={cn("h-4", WIDTHS[(row + column) % WIDTHS.length])} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

type HeadingLevel = "h2" | "h3" | "h4";

export type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  description?: React.ReactNode;
  /** The next step: a Button, or a Button-styled link. */
  action?: React.ReactNode;
  /** Fits the page outline; h2 under a page's h1. */
  headingLevel?: HeadingLevel;
  className?: string;
};

export function EmptyState({
  icon: Icon = Inbox,
  title,
  description,
  action,
  headingLevel: Heading = "h2",
  className,
}: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 px-6 py-12 text-center", className)}>
      <div className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="flex max-w-sm flex-col gap-1">
        <Heading className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</Heading>
        {description ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}

export type ErrorStateProps = {
  /** What failed, e.g. "Transactions could not be loaded". */
  title?: string;
  /** The thrown error; the API's `message` and `code` are shown as they came. */
  error: unknown;
  onRetry?: () => void;
  /** True while the retry runs, so the button shows it is busy. */
  retrying?: boolean;
  /** The way on when asking again would change nothing (a link back to the list, say), after Retry if both. */
  action?: React.ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
};

export function ErrorState({
  title = "This could not be loaded",
  error,
  onRetry,
  retrying = false,
  action,
  headingLevel: Heading = "h2",
  className,
}: ErrorStateProps) {
  const details = errorDetails(error);
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-center justify-center gap-3 px-6 py-12 text-center", className)}
    >
      <div className="flex size-10 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
        <CircleExclamationPoint aria-hidden="true" className="size-5" />
      </div>
      <div className="flex max-w-md flex-col gap-1">
        <Heading className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</Heading>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{details.message}</p>
        {details.code ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Error code <code className="font-mono">{details.code}</code>
            {details.status ? <> · HTTP {details.status}</> : null}
          </p>
        ) : null}
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText="Retrying…">
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      ) : null}
      {action}
    </div>
  );
}
