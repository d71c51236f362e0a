"use client";

import { Menu } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTrigger } from "@/components/ui/sheet";
import type { NavEntry } from "./nav-items";
import { SidebarNav } from "./sidebar-nav";

/** The navigation in a sheet, for screens too narrow for the sidebar; loaded on demand by the app shell. */
export default function MobileNav({
  brand,
  entries,
  activeHref,
}: {
  brand: React.ReactNode;
  entries: readonly NavEntry[];
  activeHref: string | undefined;
}) {
  const [open, setOpen] = React.useState(false);
  // What the sidebar's badges say, on the button that opens it, since the sidebar itself is out of sight.
  const marked = entries.flatMap((entry) => (entry.badge ? [`${entry.label} ${entry.badge.spoken}`] : []));
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="relative -ml-2 lg:hidden">
          <Menu aria-hidden="true" />
          <span className="sr-only">Open navigation{marked.length > 0 ? ` (${marked.join(", ")})` : ""}</span>
          {marked.length > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 size-2 rounded-full bg-amber-500"
            />
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent side="left" title="Navigation" description={null} hideHeader className="gap-0">
        <div className="flex h-14 shrink-0 items-center px-4">{brand}</div>
        <nav aria-label="Main" className="px-3 py-3">
          <SidebarNav entries={entries} activeHref={activeHref} onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
