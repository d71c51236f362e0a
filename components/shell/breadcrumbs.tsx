"use client";

import { ChevronRight } from "lucide-react";
import Link from "next/link";
import * as React from "react";
import { createPortal } from "react-dom";
import { cn, focusRing } from "@/lib/utils";

export type BreadcrumbItem = {
  label: string;
  /** Omit on the last item: it is the current page. */
  href?: string;
};

export function Breadcrumbs({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={cn("min-w-0", className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={`${item.href ?? ""}|${item.label}`}
              className={cn("flex min-w-0 items-center gap-1.5", !last && "shrink-0")}
            >
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-zinc-400" />
              ) : null}
              {last || !item.href ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className={cn("truncate", last && "font-medium text-zinc-900 dark:text-zinc-100")}
                >
                  {item.label}
                </span>
              ) : (
                <Link
                  href={item.href}
                  className={cn(
                    "truncate rounded-sm hover:text-zinc-900 dark:hover:text-zinc-100",
                    focusRing,
                  )}
                >
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Where a page's own trail goes: the top bar's element of this id (BreadcrumbArea). */
const PAGE_TRAIL_ID = "page-breadcrumbs";

/**
 * The top bar's trail: the shell's default one (the area's name, from the address), which steps aside by CSS as soon
 * as a page puts its own trail in the slot next to it (PageBreadcrumbs), so the shell holds no state for it and is
 * not drawn again when a page claims the slot.
 */
export function BreadcrumbArea({ defaultItems }: { defaultItems: readonly BreadcrumbItem[] }) {
  return (
    <div className="flex min-w-0 flex-1 items-center">
      <div id={PAGE_TRAIL_ID} className="contents" />
      {/* A sibling rule, not :has(): a :has() over any descendant made the browser check every element the HTML
          parser inserted, some 300 ms of a page's load under 4x throttling. */}
      <div className="contents [#page-breadcrumbs:not(:empty)+&]:hidden">
        <Breadcrumbs items={defaultItems} />
      </div>
    </div>
  );
}

/**
 * A page's own trail, shown in the shell's top bar in place of the default one (the area's name):
 * `<PageBreadcrumbs items={[{label: "Customers", href: "/customers"}, {label: customer.name}]} />`.
 */
export function PageBreadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  const [target, setTarget] = React.useState<HTMLElement | null>(null);
  React.useEffect(() => setTarget(document.getElementById(PAGE_TRAIL_ID)), []);
  return target ? createPortal(<Breadcrumbs items={items} />, target) : null;
}
