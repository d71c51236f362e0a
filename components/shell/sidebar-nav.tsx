"use client";

import { Lock } from "lucide-react";
import { Link } from "@/components/ui/link";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { cn, focusRing } from "@/lib/universal/utils";
import type { NavEntry } from "./nav-items";

const itemClasses = cn(
  "group relative flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors",
  "[&>svg]:size-4 [&>svg]:shrink-0",
  focusRing,
  "focus-visible:ring-offset-0",
);

export type SidebarNavProps = {
  entries: readonly NavEntry[];
  activeHref: string | undefined;
  /** Called after a link is followed, so the small-screen sheet can close. */
  onNavigate?: () => void;
};

export function SidebarNav({ entries, activeHref, onNavigate }: SidebarNavProps) {
  return (
    <ul className="flex flex-col gap-0.5">
      {entries.map((entry) => {
        const Icon = entry.icon;
        if (!entry.allowed) {
          return (
            <li key={entry.href}>
              <SimpleTooltip content={entry.reason} side="right" openOnPress>
                {/* Focusable but inert, so keyboard users can reach the reason as well. */}
                <button
                  type="button"
                  aria-disabled="true"
                  className={cn(itemClasses, "cursor-not-allowed text-zinc-400 dark:text-zinc-600")}
                >
                  <Icon aria-hidden="true" />
                  <span className="flex-1 text-left">{entry.label}</span>
                  <Lock aria-hidden="true" className="size-3.5!" />
                  <span className="sr-only">(unavailable: {entry.reason})</span>
                </button>
              </SimpleTooltip>
            </li>
          );
        }
        const active = entry.href === activeHref;
        const { badge } = entry;
        return (
          <li key={entry.href}>
            <Link
              href={entry.href}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                itemClasses,
                active
                  ? "bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
                  : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
              )}
            >
              {active ? (
                <span
                  aria-hidden="true"
                  className="absolute inset-y-1.5 left-0 w-0.5 rounded-full bg-brand-600"
                />
              ) : null}
              <Icon aria-hidden="true" className={cn(active && "text-brand-600 dark:text-brand-500")} />
              {entry.label}
              {badge ? (
                // The link's name reads "Approvals 3 waiting"; the short visible count is for the eye only.
                <>
                  <span
                    aria-hidden="true"
                    className="ml-auto rounded-full bg-amber-100 px-1.5 py-px text-xs font-semibold tabular-nums text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
                  >
                    {badge.text}
                  </span>
                  <span className="sr-only"> {badge.spoken}</span>
                </>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
