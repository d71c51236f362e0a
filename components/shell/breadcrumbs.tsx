"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import * as React from "react";
import { createPortal } from "react-dom";
import { Link } from "@/components/ui/link";
import { cn, focusRing } from "@/lib/universal/utils";

export type BreadcrumbItem = {
  label: string;
  /** Omit on the last item: it is the current page. */
  href?: string;
};

/**
 * The trail. On a phone the top bar has no room for words beside its buttons, and the page's heading already names
 * the page: there the trail is only the way back up, its parent drawn as a back arrow named by the parent's label
 * ("Customers"), and a trail of the area's name alone is not drawn.
 */
function Breadcrumbs({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  if (items.length === 0) return null;
  const parent = items.length - 2;
  return (
    <nav aria-label="Breadcrumb" className={cn("min-w-0", parent < 0 && "max-sm:hidden", className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={`${item.href ?? ""}|${item.label}`}
              className={cn(
                "flex min-w-0 items-center gap-1.5",
                // The area's name is short and kept whole. With a record between it and the page, the record's
                // long id gives way and the page's own name ("Evidence") is kept whole too.
                ((index === 0 && !last) || (last && items.length > 2)) && "sm:shrink-0",
                index !== parent && "max-sm:hidden",
              )}
            >
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-zinc-400 max-sm:hidden" />
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
                    "max-sm:-ml-1 max-sm:flex max-sm:size-9 max-sm:items-center max-sm:justify-center max-sm:rounded-md max-sm:hover:bg-zinc-100 max-sm:dark:hover:bg-zinc-800",
                    focusRing,
                  )}
                >
                  {index === parent ? (
                    <ChevronLeft aria-hidden="true" className="size-5 shrink-0 sm:hidden" />
                  ) : null}
                  <span className="max-sm:sr-only">{item.label}</span>
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
  /** The top bar's slot element, set as it mounts (a ref callback). */
  setTarget: (element: HTMLElement | null) => void;
  /** Counts the pages currently claiming the slot, so the shell's default trail steps aside. */
  claim: () => () => void;
  claimed: boolean;
};

const BreadcrumbSlotContext = React.createContext<BreadcrumbSlot | null>(null);

/**
 * Holds the top bar's breadcrumb slot: the element pages portal their trail into, and whether one does. The state
 * lives here rather than in the shell: the slot is set as the page hydrates (its ref) and claimed by the page's
 * effect, and each of those re-rendered the whole shell (sidebar, links, tooltips, icons) synchronously before the
 * browser could draw. Here they re-render this provider, whose children are the shell's elements unchanged, and the
 * two readers of the slot: the top bar's trail (TopBarTrail) and the page's (PageBreadcrumbs).
 */
export function BreadcrumbSlotProvider({ children }: { children: React.ReactNode }) {
  const [target, setTarget] = React.useState<HTMLElement | null>(null);
  const [claims, setClaims] = React.useState(0);
  const claim = React.useCallback(() => {
    setClaims((count) => count + 1);
    return () => setClaims((count) => count - 1);
  }, []);
  const claimed = claims > 0;
  const value = React.useMemo<BreadcrumbSlot>(
    () => ({ target, setTarget, claim, claimed }),
    [target, claim, claimed],
  );
  return <BreadcrumbSlotContext.Provider value={value}>{children}</BreadcrumbSlotContext.Provider>;
}

/** The top bar's trail: `fallback` (the area's name) until a page claims the slot with its own trail. */
export function TopBarTrail({ fallback }: { fallback: readonly BreadcrumbItem[] }) {
  const slot = React.useContext(BreadcrumbSlotContext);
  return (
    <>
      {slot?.claimed ? null : <Breadcrumbs items={fallback} />}
      <div ref={slot?.setTarget} className="contents" />
    </>
  );
}

/**
 * A page's own trail, shown in the shell's top bar in place of the default one (the area's name):
 * `<PageBreadcrumbs items={[{label: "Customers", href: "/customers"}, {label: customer.name}]} />`.
 */
export function PageBreadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  const slot = React.useContext(BreadcrumbSlotContext);
  const claim = slot?.claim;
  React.useEffect(() => claim?.(), [claim]);
  // Drawn only once the claim has landed: the same render takes the default trail away, so the two are never in
  // the top bar together. (The slot is set as the page hydrates, a render before the claim's effect runs; drawn
  // then, the page's trail stood beside the default one until the claim came, and a busy browser painted both.)
  if (!slot?.target || !slot.claimed) return null;
  return createPortal(<Breadcrumbs items={items} />, slot.target);
}
