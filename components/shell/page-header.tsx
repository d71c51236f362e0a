import type * as React from "react";
import { cn } from "@/lib/universal/utils";

export type PageHeaderProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons for the page's main actions, placed at the right (below the title on narrow screens). */
  actions?: React.ReactNode;
  /** Extra content under the title, such as a status badge or key facts. */
  children?: React.ReactNode;
  className?: string;
};

/** The page's one h1, with its description and main actions. */
export function PageHeader({ title, description, actions, children, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-wrap items-start justify-between gap-x-6 gap-y-4 pb-6", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
        {description ? (
          <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        ) : null}
        {children ? <div className="mt-2 flex flex-wrap items-center gap-2">{children}</div> : null}
      </div>
      {/* At most the header's width: on a phone the actions wrap below the title, and within themselves. */}
      {actions ? <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
