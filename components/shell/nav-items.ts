import {
  ArrowLeftRight,
  Building2,
  FlaskConical,
  KeyRound,
  Landmark,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  MailPlus,
  ReceiptText,
  ScrollText,
  Send,
  Settings,
  ShieldCheck,
  UserSearch,
  Users,
  UsersRound,
  Webhook,
} from "lucide-react";
import {
  decide,
  type Environment,
  existsIn,
  type Permission,
  type Role,
} from "@/lib/universal/auth/permissions";
import { TOKENS_ADMINS_ONLY } from "@/lib/universal/tokens/token-rules";

export type NavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Needed to open the area at all; areas everyone may read have none. */
  permission?: Permission;
  /**
   * Why a role without the permission cannot open it, as the area's own page says it, where the permission's
   * reason names something else (API tokens need the configuration's permission).
   */
  lockedReason?: string;
  /** Other words people use for the area, which the console's search also matches. */
  keywords?: readonly string[];
};

export const navItems: readonly NavItem[] = [
  { label: "Overview", href: "/", icon: LayoutDashboard, keywords: ["Home", "Dashboard"] },
  { label: "Approvals", href: "/approvals", icon: ShieldCheck, keywords: ["Pending payments", "Compliance"] },
  {
    label: "Policies",
    href: "/policies",
    icon: ListChecks,
    keywords: ["Approval policies", "Rules", "Auto-approve"],
  },
  {
    label: "Screening",
    href: "/screening",
    icon: UserSearch,
    permission: "screening.read",
    keywords: ["Sanctions", "Watchlists", "OFAC", "UN", "Alerts"],
  },
  { label: "Customers", href: "/customers", icon: Users },
  { label: "Accounts", href: "/accounts", icon: Landmark, keywords: ["Balances", "Transfer"] },
  { label: "Send money", href: "/quotes/new", icon: Send, keywords: ["Pay", "New quote"] },
  { label: "Quotes", href: "/quotes", icon: ReceiptText },
  { label: "Transactions", href: "/transactions", icon: ArrowLeftRight, keywords: ["Payments", "Export"] },
  {
    label: "Configuration",
    href: "/config",
    icon: Settings,
    keywords: ["Settings", "Currencies", "UMA domain"],
  },
  { label: "Webhooks", href: "/webhooks", icon: Webhook, keywords: ["Events", "Inbox", "Signature"] },
  {
    label: "API tokens",
    href: "/tokens",
    icon: KeyRound,
    permission: "config.write",
    lockedReason: TOKENS_ADMINS_ONLY,
    keywords: ["Credentials", "Keys", "Client secret"],
  },
  {
    label: "Sandbox",
    href: "/sandbox",
    icon: FlaskConical,
    permission: "sandbox.use",
    keywords: ["Fund", "Simulate", "Receive"],
  },
  { label: "Invitations", href: "/invitations", icon: MailPlus },
  {
    label: "UMA providers",
    href: "/providers",
    icon: Building2,
    keywords: ["Counterparties", "Allow-list", "Blocked", "Institutions"],
  },
  { label: "Audit log", href: "/audit", icon: ScrollText, permission: "audit.read", keywords: ["History"] },
  // Everyone may see who is on the team; only admins change it (the page says so).
  { label: "Team", href: "/team", icon: UsersRound, keywords: ["Users", "Members", "Roles"] },
];

/** A count beside an area's link: shown short ("3"), said in words after the area's name ("3 waiting"). */
type NavBadge = { text: string; spoken: string };

export type NavEntry = NavItem & { allowed: boolean; reason?: string; badge?: NavBadge | null | undefined };

/** The navigation as a role sees it: every area, with the ones it cannot use marked and explained. */
export function navEntries(
  role: Role,
  environment: Environment,
  items: readonly NavItem[] = navItems,
): NavEntry[] {
  // An area that does not exist in this environment (the sandbox console in production) is absent, not refused.
  const present = items.filter((item) => !item.permission || existsIn(item.permission, environment));
  return present.map((item) => {
    if (!item.permission) return { ...item, allowed: true };
    const decision = decide(role, item.permission, environment);
    return decision.allowed
      ? { ...item, allowed: true }
      : {
          ...item,
          allowed: false,
          reason: item.lockedReason ?? decision.reason ?? "Your role cannot open this area.",
        };
  });
}

function normalise(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "/";
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, "") : withoutQuery;
}

/**
 * The nav href the current path belongs to: the longest href equal to the path or a parent of it, so
 * `/quotes/new` is Send money while `/quotes/q_1` is Quotes, and `/` matches only itself.
 */
export function activeHref(pathname: string, hrefs: readonly string[] = navItems.map((item) => item.href)) {
  const path = normalise(pathname);
  let best: string | undefined;
  for (const href of hrefs) {
    const matches = href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
    if (matches && (best === undefined || href.length > best.length)) best = href;
  }
  return best;
}
