"use client";

import { useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import * as React from "react";
import { SearchButton } from "@/components/search/search-button";
import { Link } from "@/components/ui/link";
import { waitingBadgeQuery } from "@/lib/client/api/approvals";
import { alertsBadgeQuery } from "@/lib/client/api/screening-badge";
import { keepFocusWhenRemoved } from "@/lib/client/browser/focus-nearby";
import { leaveWhenSignedOutElsewhere } from "@/lib/client/browser/signed-out-here";
import { decide, type Environment, type Role } from "@/lib/universal/auth/permissions";
import { cn, focusRing } from "@/lib/universal/utils";
import { type BreadcrumbItem, BreadcrumbSlotProvider, TopBarTrail } from "./breadcrumbs";
import { EnvironmentBadge } from "./environment-badge";
import { EnvironmentSwitch } from "./environment-switch";
import { MobileNav } from "./mobile-nav";
import { activeHref, type NavEntry, navEntries } from "./nav-items";
import { ServiceStatusBanner } from "./service-status-banner";
import { SidebarNav } from "./sidebar-nav";
import { ThemeToggle } from "./theme-toggle";
import { useTabTitleCount } from "./use-tab-title-count";

// The user menu is server-rendered as usual, but its code loads alongside the page instead of in its first-load
// JavaScript (its Radix menu loads when first opened: components/ui/lazy-dropdown-menu.tsx). The narrow-screen
// navigation's sheet loads when its button is first wanted (./mobile-nav.tsx).
const UserMenu = dynamic(() => import("./user-menu"));

export type AppShellProps = {
  user: { name: string; email: string; role: Role };
  environment: Environment;
  /** The environments this console holds a credential for: with two, the top bar switches between them. */
  environments: readonly Environment[];
  /** A server action that ends the session; submitted by the user menu's "Sign out". */
  signOutAction: () => Promise<void>;
  children: React.ReactNode;
};

/** The area's name, and the page below it when deeper, until the page supplies its own trail. */
function defaultTrail(
  pathname: string,
  entries: readonly NavEntry[],
  href: string | undefined,
): BreadcrumbItem[] {
  const entry = entries.find((candidate) => candidate.href === href);
  if (!entry) return [];
  if (pathname.replace(/\/+$/, "") === entry.href || pathname === "/") return [{ label: entry.label }];
  const rest = pathname.slice(entry.href.length).split("/").filter(Boolean);
  const last = rest[rest.length - 1];
  return last
    ? [{ label: entry.label, href: entry.href }, { label: decodeURIComponent(last) }]
    : [{ label: entry.label }];
}

function Brand() {
  return (
    <Link
      href="/"
      className={cn(
        "flex items-center gap-2 rounded-md px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-50",
        focusRing,
      )}
    >
      <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-white">
        <CreditCard aria-hidden="true" className="size-4" />
      </span>
      Payments console
    </Link>
  );
}

/** The signed-in layout: sidebar navigation, a top bar with breadcrumbs, environment, theme and user menu. */
export function AppShell({ user, environment, environments, signOutAction, children }: AppShellProps) {
  const pathname = usePathname();
  // Everyone may read the approval queue, so everyone sees how much of it waits, from any page.
  const waiting = useQuery(waitingBadgeQuery()).data;
  useTabTitleCount(waiting?.text);
  // A control taken off the page while focused (a decided proposal's card) gives focus to what held it, not the body.
  React.useEffect(keepFocusWhenRemoved, []);
  // Signed out in another tab of this browser: this one goes to the sign-in page at once, told why.
  React.useEffect(leaveWhenSignedOutElsewhere, []);
  // Compliance and admins see how many screening alerts are open, from any page: the sweep's alerts on customers
  // are raised by no page anyone has open.
  const readsScreening = decide(user.role, "screening.read", environment).allowed;
  const alerts = useQuery({ ...alertsBadgeQuery(), enabled: readsScreening }).data;
  const entries = React.useMemo(() => {
    const badges: Record<string, NavEntry["badge"]> = { "/approvals": waiting, "/screening": alerts };
    return navEntries(user.role, environment).map((entry) =>
      entry.allowed && entry.href in badges ? { ...entry, badge: badges[entry.href] } : entry,
    );
  }, [user.role, environment, waiting, alerts]);
  const current = activeHref(
    pathname,
    entries.map((entry) => entry.href),
  );
  const searchablePages = React.useMemo(
    () =>
      entries.map(({ label, href, icon, keywords, allowed, reason }) => ({
        label,
        href,
        icon,
        keywords,
        ...(allowed ? {} : { refusal: reason }),
      })),
    [entries],
  );

  return (
    <BreadcrumbSlotProvider>
      <div className="min-h-screen">
        <a
          href="#main-content"
          className={cn(
            "sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-zinc-900",
            focusRing,
          )}
        >
          Skip to content
        </a>

        <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col print:!hidden border-r border-zinc-200 bg-white lg:flex dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex h-14 shrink-0 items-center px-4">
            <Brand />
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
            <SidebarNav entries={entries} activeHref={current} />
          </nav>
        </aside>

        <div className="flex min-h-screen flex-col lg:pl-60 print:!pl-0">
          <header className="sticky top-0 z-20 flex h-14 print:!hidden shrink-0 items-center gap-2 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:gap-3 lg:px-6 dark:border-zinc-800 dark:bg-zinc-900/90 dark:supports-[backdrop-filter]:bg-zinc-900/75">
            <MobileNav brand={<Brand />} entries={entries} activeHref={current} />

            <div className="flex min-w-0 flex-1 items-center">
              <TopBarTrail fallback={defaultTrail(pathname, entries, current)} />
            </div>

            <SearchButton pages={searchablePages} />
            {environments.length > 1 ? (
              <EnvironmentSwitch environment={environment} available={environments} />
            ) : (
              <EnvironmentBadge environment={environment} />
            )}
            <ThemeToggle />
            <UserMenu user={user} signOutAction={signOutAction} />
          </header>
          <ServiceStatusBanner />

          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <div className="mx-auto w-full max-w-6xl">{children}</div>
          </main>
        </div>
      </div>
    </BreadcrumbSlotProvider>
  );
}
