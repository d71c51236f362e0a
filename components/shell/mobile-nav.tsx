"use client";

import { Menu } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { LazyDialogTrigger } from "@/components/ui/lazy-dialog-trigger";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { NavEntry } from "./nav-items";

const MobileNavSheet = lazyWhenOpen(() =>
  import("./mobile-nav-sheet").then((module) => module.MobileNavSheet),
);

/**
 * The top bar's button that opens the navigation in a sheet, on screens too narrow for the sidebar. The sheet's code
 * (Radix Dialog, its focus trap and scroll lock) loads when the button is pointed at, focused or pressed, not with
 * every page: on a wide screen the button is hidden and nobody opens it.
 */
export function MobileNav({
  brand,
  entries,
  activeHref,
}: {
  brand: React.ReactNode;
  entries: readonly NavEntry[];
  activeHref: string | undefined;
}) {
  // What the sidebar's badges say, on the button that opens it, since the sidebar itself is out of sight.
  const marked = entries.flatMap((entry) => (entry.badge ? [`${entry.label} ${entry.badge.spoken}`] : []));
  return (
    <LazyDialogTrigger dialog={MobileNavSheet} dialogProps={{ brand, entries, activeHref }}>
      {(props) => (
        <Button variant="ghost" size="icon" className="relative -ml-2 lg:hidden" {...props}>
          <Menu aria-hidden="true" />
          <span className="sr-only">Open navigation{marked.length > 0 ? ` (${marked.join(", ")})` : ""}</span>
          {marked.length > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 size-2 rounded-full bg-amber-500"
            />
          ) : null}
        </Button>
      )}
    </LazyDialogTrigger>
  );
}
