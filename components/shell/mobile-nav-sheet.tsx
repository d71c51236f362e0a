"use client";

import type * as React from "react";
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
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: React.ReactNode;
  entries: readonly NavEntry[];
  activeHref: string | undefined;
  /** The button that opened it, which gets focus back when it closes (Radix returns focus only to its own trigger). */
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        title="Navigation"
        description={null}
        hideHeader
        className="gap-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <div className="flex h-14 shrink-0 items-center px-4">{brand}</div>
        <nav aria-label="Main" className="px-3 py-3">
          <SidebarNav entries={entries} activeHref={activeHref} onNavigate={() => onOpenChange(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
