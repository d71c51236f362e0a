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

type BreadcrumbSlot = {
  target: HTMLElement | null;
  /** Counts the pages currently claiming the slot, so the shell's default trail steps aside. */
  claim: () => () => void;
};

const BreadcrumbSlotContext = React.createContext<BreadcrumbSlot | null>(null);

/** Holds the top bar's breadcrumb slot; used by AppShell. */
export function useBreadcrumbSlot() {
  const [target, setTarget] = React.useState<HTMLElement | null>(null);
  const [claims, setClaims] = React.useState(0);
  const claim = React.useCallback(() => {
    setClaims((count) => count + 1);
    return () => setClaims((count) => count - 1);
  }, []);
  const value = React.useMemo<BreadcrumbSlot>(() => ({ target, claim }), [target, claim]);
  return { value, setTarget, claimed: claims > 0 };
}

export function BreadcrumbSlotProvider({
  value,
  children,
}: {
  value: BreadcrumbSlot;
  children: React.ReactNode;
}) {
  return <BreadcrumbSlotContext.Provider value={value}>{children}</BreadcrumbSlotContext.Provider>;
}

/**
 * A page's own trail, shown in the shell's top bar in place of the default one (the area's name):
 * `<PageBreadcrumbs items={[{label: "Customers", href: "/customers"}, {label: customer.name}]} />`.
 */
export function PageBreadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  const slot = React.useContext(BreadcrumbSlotContext);
  const claim = slot?.claim;
  React.useEffect(() => claim?.(), [claim]);
  if (!slot?.target) return null;
  return createPortal(<Breadcrumbs items={items} />, slot.target);
}
