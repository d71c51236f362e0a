import { type Browser, chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/support/chromium";
import { QUEUE_PAGE_SIZE } from "../lib/universal/approvals/queue-page";
import { PENDING_PAYMENTS, routeParameters, seedPendingPayments } from "./pages";
import { waitUntilQuiet } from "./support/quiet";
import type { Role } from "./support/secrets";
import { signIn } from "./support/session";
import { CONSOLE_ORIGIN } from "./support/stack";
import { median } from "./support/stats";
import type { BenchContext } from "./types";

/** The issue's targets for a page's time until usable (4× CPU throttling, cold cache), by kind of page. */
export const USABLE_TARGETS_MS = { list: 1_000, other: 1_500, queue: 2_500 } as const;
/** A judged page's kind, or `reference`: a page measured the same way to show this machine's floor, not judged. */
export type PageKind = keyof typeof USABLE_TARGETS_MS | "reference";
const targetOf = (kind: PageKind): number | null => (kind === "reference" ? null : USABLE_TARGETS_MS[kind]);
/**
 * Issue 49 item 11: a page's time until usable as a ratio to the sign-in page's (Next.js and React alone), measured
 * in the same turns: list pages at most 1.5×, every other page (the approval queue among them) at most 2×.
 */
export const USABLE_RATIO_TARGETS = { list: 1.5, other: 2, queue: 2 } as const;
const ratioTargetOf = (kind: PageKind): number | null =>
  kind === "reference" ? null : USABLE_RATIO_TARGETS[kind];
const CPU_THROTTLING_RATE = 4;

/**
 * A control of the page, found as a person finds it: an element matching `css` inside <main> whose accessible name
 * (aria-label, aria-labelledby, its label, else its text) starts with `name`.
 */
interface Control {
  css: string;
  name?: string;
}

/** One page, and what "usable" means on it: its main content visible and its primary control hydrated. */
export interface UsablePage {
  label: string;
  kind: PageKind;
  /** The address; `:customerId` and `:transactionId` are filled with real records. */
  path: string;
  /** Who is signed in; null for a page opened signed out. */
  role: Role | null;
  /** The main content: the first element inside <main> matching this selector is visible. */
  content: string;
  /** The primary control: visible, enabled and hydrated (React has attached its props to it, and the page is marked). */
  control: Control;
  /** How many of `control` must be usable (the approval queue's first batch of cards: each one's Approve button). */
  controls?: number;
  /**
   * A control refused with its reason counts as usable (hydrated, `aria-disabled`, answering a press by saying why):
   * the queue's card of a sender who may be on a watchlist refuses Approve until the match is dismissed, and the
   * demo platform has one such payment waiting for its first ten minutes.
   */
  refusedCounts?: boolean;
}

const TABLE_ROW = "table tbody tr";

export const USABLE_PAGES: UsablePage[] = [
  {
    // The floor on this machine: Next.js and React hydrating one small form, with nothing of the console's shell,
    // data or lists (about 150 kB of JavaScript where a console page has 220-250 kB). Measured, not judged.
    label: "Sign-in (reference: Next.js and React alone)",
    kind: "reference",
    path: "/login",
    role: null,
    content: "form",
    control: { css: "input", name: "Email" },
  },
  {
    label: "Transactions",
    kind: "list",
    path: "/transactions",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "select", name: "Status" },
  },
  {
    label: "Customers",
    kind: "list",
    path: "/customers",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "input", name: "Platform customer id" },
  },
  {
    label: "Quotes",
    kind: "list",
    path: "/quotes",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "select", name: "Status" },
  },
  {
    label: "Webhooks (inbox)",
    kind: "list",
    path: "/webhooks",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "select", name: "Type" },
  },
  {
    // A fresh platform has no audit entries: its content is then the empty state's heading.
    label: "Audit log",
    kind: "list",
    path: "/audit",
    role: "admin",
    content: `${TABLE_ROW}, h2`,
    control: { css: "input", name: "Who" },
  },
  {
    label: "Team",
    kind: "list",
    path: "/team",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "button", name: "Add member" },
  },
  {
    label: "Overview",
    kind: "other",
    path: "/",
    role: "admin",
    content: TABLE_ROW,
    control: { css: "a", name: "See every account" },
  },
  {
    label: "Configuration",
    kind: "other",
    path: "/config",
    role: "admin",
    content: "form",
    control: { css: "input", name: "Endpoint URL" },
  },
  {
    label: "Send money",
    kind: "other",
    path: "/quotes/new",
    role: "admin",
    content: "[aria-label='Send from: account'] input[type=radio]",
    control: { css: "input[type=radio]", name: "Customer account" },
  },
  {
    label: "New customer",
    kind: "other",
    path: "/customers/new",
    role: "admin",
    content: "form",
    control: { css: "input", name: "Platform customer id" },
  },
  {
    label: "Customer",
    kind: "other",
    path: "/customers/:customerId",
    role: "admin",
    content: "dl",
    control: { css: "button", name: "Generate KYC link" },
  },
  {
    label: "Edit customer",
    kind: "other",
    path: "/customers/:customerId/edit",
    role: "admin",
    content: "form",
    control: { css: "button", name: "Save changes" },
  },
  {
    label: "Transaction",
    kind: "other",
    path: "/transactions/:transactionId",
    role: "admin",
    content: "dl",
    control: { css: "button", name: "Copy transaction id" },
  },
  {
    label: "Accounts",
    kind: "other",
    path: "/accounts",
    role: "admin",
    content: "dl",
    control: { css: "[role=tab]", name: "Customers" },
  },
  {
    label: "Invitations",
    kind: "other",
    path: "/invitations",
    role: "admin",
    content: "form",
    control: { css: "input", name: "Invitation code" },
  },
  {
    label: "Sandbox",
    kind: "other",
    path: "/sandbox",
    role: "admin",
    content: "form dl",
    control: { css: "button", name: "Fund account" },
  },
  {
    label: "Import customers",
    kind: "other",
    path: "/customers/import",
    role: "admin",
    content: "label",
    control: { css: "input[type=file]", name: "CSV file" },
  },
  {
    label: `Approvals, ${PENDING_PAYMENTS} pending`,
    kind: "queue",
    path: "/approvals",
    role: "compliance",
    content: "article",
    control: { css: "article button", name: "Approve" },
    // The queue draws its first page of QUEUE_PAGE_SIZE cards, the rest a page at a time (components/approvals).
    controls: QUEUE_PAGE_SIZE,
    refusedCounts: true,
  },
];

export interface UsableRun {
  /** From navigation start, ms: the HTML's first byte, DOMContentLoaded, main content visible, usable. */
  responseStart: number;
  domContentLoaded: number;
  contentVisible: number;
  usable: number;
}

export interface UsableRow {
  label: string;
  kind: PageKind;
  path: string;
  /** Null for the reference row. */
  targetMs: number | null;
  runs: UsableRun[];
  median: UsableRun;
  /**
   * The median of this page's loads ÷ the median of the reference page's loads taken in turns with them (one of the
   * sign-in page before each of this page's), so a change in the machine weighs on both alike; null for the
   * reference row itself.
   */
  ratio: number | null;
  /** The reference page's loads taken beside this page's. */
  referenceRuns: number[];
  ratioTarget: number | null;
}

/** Whether a judged row meets both its time and its ratio; null for the reference row. */
export const usablePasses = (row: UsableRow): boolean | null =>
  row.targetMs === null
    ? null
    : row.median.usable <= row.targetMs &&
      (row.ratio === null || row.ratioTarget === null || row.ratio <= row.ratioTarget);

export interface UsableResult {
  cpuThrottlingRate: number;
  pending: number;
  /** How long the run waited for the product's processes to go quiet before the first page, and whether they did. */
  settle?: { quiet: boolean; waitedMs: number };
  rows: UsableRow[];
}

interface Probe {
  content: string;
  css: string;
  name: string | null;
  wanted: number;
  refusedCounts: boolean;
}

/**
 * Opens `path` in a fresh browser context (cold cache) signed in with `cookie`, the CPU throttled through the
 * DevTools protocol, and times from navigation start until the page is usable: its main content visible, and at
 * least `wanted` of its primary control visible, enabled and hydrated.
 */
async function timePage(
  browser: Browser,
  cookie: string | null,
  path: string,
  probe: Probe,
): Promise<UsableRun> {
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (cookie) {
      await browserContext.addCookies(
        cookie.split("; ").map((pair) => {
          const equals = pair.indexOf("=");
          return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: CONSOLE_ORIGIN };
        }),
      );
    }
    const page = await browserContext.newPage();
    const cdp = await browserContext.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING_RATE });
    await page.goto(`${CONSOLE_ORIGIN}${path}`, { waitUntil: "commit", timeout: 60_000 });
    // No named functions inside: the TypeScript loader would wrap them in a helper the page does not have (and the
    // console's Content-Security-Policy rightly forbids evaluating strings). Polled on every frame.
    const handle = await page.waitForFunction(
      (wanted: Probe) => {
        const main = document.querySelector("main");
        if (!main) return false;
        const state = window as unknown as { contentVisible?: number };
        const content = main.querySelector(wanted.content);
        if (state.contentVisible === undefined && content?.checkVisibility()) {
          state.contentVisible = performance.now();
        }
        if (state.contentVisible === undefined) return false;
        let usable = 0;
        for (const element of main.querySelectorAll(wanted.css)) {
          const labelledBy = element.getAttribute("aria-labelledby");
          const labels = (element as HTMLInputElement).labels;
          const name = (
            element.getAttribute("aria-label") ??
            (labelledBy
              ? labelledBy
                  .split(" ")
                  .map((id) => document.getElementById(id)?.textContent ?? "")
                  .join(" ")
              : labels && labels.length > 0
                ? (labels[0]?.textContent ?? "")
                : (element.textContent ?? ""))
          )
            .replace(/\s+/g, " ")
            .trim();
          if (wanted.name !== null && !name.startsWith(wanted.name)) continue;
          const enabled =
            !(element as HTMLButtonElement).disabled &&
            (wanted.refusedCounts || element.getAttribute("aria-disabled") !== "true");
          // React sets its props on an element when it hydrates (or renders) it: from then on its handlers run.
          const hydrated = Object.keys(element).some((key) => key.startsWith("__reactProps$"));
          if (enabled && hydrated && element.checkVisibility()) usable++;
        }
        // …and the page says its script has taken over (app/providers.tsx marks <html data-hydrated> once the root's
        // effects have run): until then app/globals.css dims every button and takes its presses (decision 0060).
        return usable >= wanted.wanted && document.documentElement.hasAttribute("data-hydrated")
          ? performance.now()
          : false;
      },
      probe,
      { polling: "raf", timeout: 60_000 },
    );
    const usable = (await handle.jsonValue()) as number;
    const timings = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as
        | PerformanceNavigationTiming
        | undefined;
      return {
        responseStart: navigation?.responseStart ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
        contentVisible: (window as unknown as { contentVisible?: number }).contentVisible ?? Number.NaN,
      };
    });
    return { ...timings, usable };
  } finally {
    await browserContext.close();
  }
}

/** Pending payments the compliance officer's queue shows now. */
async function pendingInQueue(cookie: string): Promise<number> {
  const response = await fetch(`${CONSOLE_ORIGIN}/api/approvals`, {
    headers: { cookie },
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`/api/approvals answered ${response.status}`);
  // The queue's count of all that wait (a page holds QUEUE_PAGE_SIZE of them).
  const body = (await response.json()) as { waiting?: number | null };
  return body.waiting ?? 0;
}

export async function runUsable(context: BenchContext): Promise<UsableResult> {
  const parameters = await routeParameters();
  const cookies: Record<string, string> = {};
  const cookieFor = async (role: Role) => {
    cookies[role] ??= await signIn(role);
    return cookies[role];
  };
  // The queue holds at least PENDING_PAYMENTS (5,000) pending payments (the pages benchmark, run before, leaves them).
  // BENCH_USABLE_PAGES=/transactions,/team: only those (a partial run, to look at a few pages at a time).
  const chosen = process.env.BENCH_USABLE_PAGES?.split(",").map((entry) => entry.trim());
  const pending = await pendingInQueue(await cookieFor("compliance"));
  if (pending < PENDING_PAYMENTS && (!chosen || chosen.includes("/approvals"))) {
    await seedPendingPayments(context, PENDING_PAYMENTS - pending);
  }
  const queued = await pendingInQueue(await cookieFor("compliance"));
  const settle = await waitUntilQuiet(context.stack.launcherPid);
  context.log(
    `usable: the product's processes ${settle.quiet ? "were quiet" : "were still busy"} after ${(settle.waitedMs / 1_000).toFixed(0)} s`,
  );

  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: UsableRow[] = [];
  const reference = USABLE_PAGES.find((page) => page.kind === "reference");
  if (!reference) throw new Error("no reference page");
  const referenceProbe: Probe = {
    content: reference.content,
    css: reference.control.css,
    name: reference.control.name ?? null,
    wanted: 1,
    refusedCounts: false,
  };
  const measureReference = () => timePage(browser, null, reference.path, referenceProbe);
  try {
    for (const page of USABLE_PAGES) {
      if (chosen && page.kind !== "reference" && !chosen.includes(page.path)) continue;
      const path = page.path.replace(/:(\w+)/g, (whole, name: string) =>
        encodeURIComponent(parameters[name] ?? whole),
      );
      if (path.includes(":")) throw new Error(`no record to open ${page.path} with`);
      const probe: Probe = {
        content: page.content,
        css: page.control.css,
        name: page.control.name ?? null,
        wanted: page.controls ?? 1,
        refusedCounts: page.refusedCounts ?? false,
      };
      const cookie = page.role ? await cookieFor(page.role) : null;
      const measure = () =>
        timePage(browser, cookie, path, probe).catch((error: unknown) => {
          throw new Error(`${page.label} (${path}) never became usable`, { cause: error });
        });
      // One unrecorded load warms the console's server side for the page, as a person's earlier visits would.
      await measure();
      const runs: UsableRun[] = [];
      const referenceRuns: number[] = [];
      const judged = page.kind !== "reference";
      for (let run = 0; run < (context.quick ? 1 : 3); run++) {
        // In turns with the reference page, so the ratio compares loads made under the same state of the machine.
        if (judged) referenceRuns.push((await measureReference()).usable);
        runs.push(await measure());
      }
      const pick = (key: keyof UsableRun) => median(runs.map((run) => run[key]));
      const usable = pick("usable");
      const row: UsableRow = {
        label: page.label,
        kind: page.kind,
        path: page.path,
        targetMs: targetOf(page.kind),
        runs,
        median: {
          responseStart: pick("responseStart"),
          domContentLoaded: pick("domContentLoaded"),
          contentVisible: pick("contentVisible"),
          usable,
        },
        ratio: judged ? usable / median(referenceRuns) : null,
        referenceRuns,
        ratioTarget: ratioTargetOf(page.kind),
      };
      rows.push(row);
      context.log(
        `usable: ${row.label} (${row.path}) ${usable.toFixed(0)} ms${
          row.ratio === null
            ? " (reference)"
            : `, ${row.ratio.toFixed(2)}× the sign-in page's ${median(referenceRuns).toFixed(0)} ms; targets ≤ ${row.targetMs} ms and ≤ ${row.ratioTarget}×: ${usablePasses(row) ? "PASS" : "FAIL"}`
        }`,
      );
    }
  } finally {
    await browser.close();
  }
  return { cpuThrottlingRate: CPU_THROTTLING_RATE, pending: queued, settle, rows };
}
