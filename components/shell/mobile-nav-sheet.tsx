"use client";

import type * as React from "react";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { Sheet, SheetContent } from "@/components/ui/sheet";
import type { NavEntry } from "./nav-items";
import { SidebarNav } from "./sidebar-nav";

/** The navigation in a sheet, for screens too narrow for the sidebar; loaded when first wanted (./mobile-nav.tsx). */
export function MobileNavSheet({
  open,
  onOpenChange,
  brand,
  entries,
  activeHref,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: React.ReactNode;
  entries: readonly NavEntry[];
  activeHref: string | undefined;
  /** The button that opened it, which gets focus back when it closes. */
  returnFocusTo: LazyDialogControl["returnFocusTo"];
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        initialFocus="first-control"
        // Focus opens on the page one is on (else the first link), never on a locked entry whose tooltip covers
        // its neighbours: Radix's first tabbable control was, on a phone, the API tokens entry a compliance officer
        // cannot open.
        onOpenAutoFocus={(event) => {
          const panel = event.currentTarget as HTMLElement | null;
          const link =
            panel?.querySelector<HTMLElement>('nav a[aria-current="page"]') ??
            panel?.querySelector<HTMLElement>("nav a[href]:not([aria-disabled='true'])");
          if (!link) return;
          event.preventDefault();
          link.focus();
        }}
        side="left"
        title="Navigation"
        description={null}
        hideHeader
        className="gap-0"
        returnFocusTo={returnFocusTo}
      >
        <div className="flex h-14 shrink-0 items-center px-4">{brand}</div>
        <nav aria-label="Main" className="px-3 py-3">
          <SidebarNav entries={entries} activeHref={activeHref} onNavigate={() => onOpenChange(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
