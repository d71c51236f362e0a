import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import pg from "pg";
import { chromiumLaunchOptions } from "../e2e/support/chromium";
import { QUEUE_PAGE_SIZE } from "../lib/universal/approvals/queue-page";
import { basicAuthorization, databaseUrl } from "./support/secrets";
import { signIn } from "./support/session";
import { API_BASE, BENCH_ENV, CONSOLE_ORIGIN, ROOT } from "./support/stack";
import { mapLimit, median } from "./support/stats";
import type { BenchContext } from "./types";

export const FIRST_LOAD_TARGET_BYTES = 250 * 1024;
/** The queue after an outage (issue 49): a platform whose console was down for an afternoon. */
export const PENDING_PAYMENTS = 5_000;

export interface RouteWeight {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** The same sum over the page's own `<script src>` tags, fetched as a signed-in admin (undefined if skipped). */
  htmlGzipBytes?: number;
}

export interface QueueRun {
  /**
   * From navigation start, ms: the HTML's first byte, DOMContentLoaded, the first card usable, the first batch's last
   * card usable (the queue draws its first page, QUEUE_PAGE_SIZE cards, and the next ones a page at a time).
   */
  responseStart: number;
  domContentLoaded: number;
  firstCardUsable: number;
  lastCardUsable: number;
  cards: number;
}

export interface PagesResult {
  routes: RouteWeight[];
  shared?: SharedLayers;
  queue: {
    pending: number;
    /** Cards the queue draws at first, one page (lib/universal/approvals/queue-page.ts); the last of them is timed. */
    batch?: number;
    runs: QueueRun[];
    median: QueueRun;
    seedSeconds: number;
    apiMs: number;
  };
}

const distDir = () => path.join(ROOT, BENCH_ENV.NEXT_DIST_DIR);
const gzipSize = (content: Buffer) => gzipSync(content).length;

/** What every console page loads before its own code: cumulative gzipped sizes of the shared layers. */
export interface SharedLayers {
  /** Next.js and React (the build's root main files). */
  runtime: number;
  /** … plus the root layout (app/layout.tsx and its providers) with its not-found and error boundaries. */
  rootLayout: number;
  /** … plus the console's layout (app/(console)/layout.tsx: navigation, session, live updates). */
  consoleLayout: number;
}

function gzipTotal(
  dist: string,
  files: Iterable<string>,
): { files: number; rawBytes: number; gzipBytes: number } {
  const unique = [...new Set(files)].filter((file) => file.endsWith(".js"));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of unique) {
    const content = readFileSync(path.join(dist, file));
    rawBytes += content.length;
    gzipBytes += gzipSize(content);
  }
  return { files: unique.length, rawBytes, gzipBytes };
}

/**
 * What a route is held to: the larger of the manifest's figure and the served page's, so a chunk the browser loads
 * but the manifest reading missed can never pass unseen.
 */
export const firstLoadBytes = (route: RouteWeight): number =>
  Math.max(route.gzipBytes, route.htmlGzipBytes ?? 0);

/**
 * The JavaScript files a page loads first, from the build's manifests: the root main files and every entry of the
 * page's client reference manifest (its layouts, the root's not-found and error boundaries, the page itself).
 */
function routeWeights(): { routes: RouteWeight[]; shared?: SharedLayers } {
  const dist = distDir();
  const build = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const routes = JSON.parse(readFileSync(path.join(dist, "app-path-routes-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  const out: RouteWeight[] = [];
  let shared: SharedLayers | undefined;
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith("/page") || route.startsWith("/_")) continue;
    const manifestFile = path.join(dist, "server", "app", `${entry}_client-reference-manifest.js`);
    if (!existsSync(manifestFile)) continue;
    const sandbox: {
      globalThis?: unknown;
      __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
    } = {};
    sandbox.globalThis = sandbox;
    vm.runInNewContext(readFileSync(manifestFile, "utf8"), sandbox, { timeout: 5_000 });
    const entries = sandbox.__RSC_MANIFEST?.[entry]?.entryJSFiles ?? {};
    if (!entries[`[project]/app${entry}`]) throw new Error(`no entry files for ${entry} in ${manifestFile}`);
    // The boundaries count: the served HTML loads the not-found page's chunks with every page of its layout.
    const treeFiles = Object.values(entries).flat();
    out.push({ route, ...gzipTotal(dist, [...build.rootMainFiles, ...treeFiles]) });
    // The root layer is the root layout with its not-found and error boundaries: every page loads them.
    const rootLayout = Object.entries(entries)
      .filter(([key]) => !key.startsWith("[project]/app/(") && key !== `[project]/app${entry}`)
      .flatMap(([, files]) => files);
    const consoleLayout = entries["[project]/app/(console)/layout"];
    if (!shared && rootLayout.length > 0 && consoleLayout) {
      shared = {
        runtime: gzipTotal(dist, build.rootMainFiles).gzipBytes,
        rootLayout: gzipTotal(dist, [...build.rootMainFiles, ...rootLayout]).gzipBytes,
        consoleLayout: gzipTotal(dist, [...build.rootMainFiles, ...rootLayout, ...consoleLayout]).gzipBytes,
      };
    }
  }
  return { routes: out.sort((a, b) => a.route.localeCompare(b.route)), shared };
}

/** Cross-check: the gzipped size of every `<script src>` (not noModule) of the served page. */
async function htmlScriptBytes(route: string, cookie: string): Promise<number> {
  const get = (headers: Record<string, string>) =>
    fetch(`${CONSOLE_ORIGIN}${route}`, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  let response = await get({ cookie });
  // The sign-in page sends people who are signed in already away; it is measured as a visitor sees it.
  if (response.status >= 300 && response.status < 400) response = await get({});
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
  const html = await response.text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) sources.add(src.replaceAll("&amp;", "&"));
  }
  const sizes = await mapLimit([...sources], 4, async (src) => {
    const file = await fetch(new URL(src, CONSOLE_ORIGIN), { signal: AbortSignal.timeout(30_000) });
    return gzipSize(Buffer.from(await file.arrayBuffer()));
  });
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** A real value for a dynamic segment, so the page can be fetched; undefined when the bench knows none. */
export async function routeParameters(): Promise<Record<string, string>> {
  const authorization = basicAuthorization();
  const first = async (list: string) => {
    const response = await fetch(`${API_BASE}${list}?limit=1`, { headers: { authorization } });
    const body = (await response.json()) as { data?: { id?: string }[] };
    return body.data?.[0]?.id;
  };
  const values: Record<string, string> = {};
  const customerId = await first("/customers");
  const transactionId = await first("/transactions");
  if (customerId) values.customerId = customerId;
  if (transactionId) values.transactionId = transactionId;
  return values;
}

async function serviceApi(pathname: string, json: unknown): Promise<Response> {
  return fetch(`${API_BASE}${pathname}`, {
    method: "POST",
    headers: { authorization: basicAuthorization(), "content-type": "application/json" },
    body: JSON.stringify(json),
    signal: AbortSignal.timeout(30_000),
  });
}

/**
 * `count` (5,000) pending incoming payments for one new customer, through the service's POST /sandbox/uma/receive,
 * 16 at a time (the `$pending.long` sandbox sender keeps them pending, with no time-out during the run); then waits
 * until the console has stored every approval webhook, so each card shows what the sender asks. Seconds it took.
 */
export async function seedPendingPayments(context: BenchContext, count = PENDING_PAYMENTS): Promise<number> {
  const started = Date.now();
  const created = await serviceApi("/customers", {
    platformCustomerId: `bench-approvals-${Date.now()}`,
    customerType: "INDIVIDUAL",
    fullName: "Paula Pending",
    birthDate: "1988-05-17",
    nationality: "US",
    address: { line1: "1 Queue Street", city: "Austin", state: "TX", postalCode: "73301", country: "US" },
  });
  if (created.status !== 201)
    throw new Error(`customer not created: ${created.status} ${await created.text()}`);
  const customer = (await created.json()) as { id: string };
  const ids = await mapLimit(
    Array.from({ length: count }, (_, index) => index),
    16,
    async (index) => {
      const response = await serviceApi("/sandbox/uma/receive", {
        senderUmaAddress: "$pending.long.usd@sandbox.uma.money",
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: 1_000 + index,
        customerId: customer.id,
      });
      if (!response.ok) throw new Error(`receive failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    },
  );
  const client = new pg.Client({ connectionString: databaseUrl("console") });
  await client.connect();
  try {
    const deadline = Date.now() + 900_000;
    while (Date.now() < deadline) {
      const stored = await client.query<{ count: number }>(
        `select count(distinct transaction_id)::int as count from webhook_events
          where type = 'INCOMING_PAYMENT' and transaction_status = 'PENDING' and transaction_id = any($1::text[])`,
        [ids],
      );
      if ((stored.rows[0]?.count ?? 0) >= ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await client.end();
  }
  context.log(`pages: ${ids.length} pending payments in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return (Date.now() - started) / 1000;
}

/**
 * Opens the approval queue in a fresh browser context (cold cache) signed in as a compliance officer, and times,
 * from navigation start, until the first card's and the first batch's last card's Approve button is visible and
 * enabled (or refused with its reason).
 */
async function timeQueue(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  cookie: string,
): Promise<QueueRun> {
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await browserContext.addCookies(
      cookie.split("; ").map((pair) => {
        const equals = pair.indexOf("=");
        return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: CONSOLE_ORIGIN };
      }),
    );
    const page = await browserContext.newPage();
    await page.goto(`${CONSOLE_ORIGIN}/approvals`, { waitUntil: "commit", timeout: 60_000 });
    // No named functions inside: the TypeScript loader would wrap them in a helper the page does not have (and the
    // console's Content-Security-Policy rightly forbids evaluating strings).
    const handle = await page.waitForFunction(
      (wanted: number) => {
        const cards = document.querySelectorAll("article");
        const [first, last] = [cards[0], cards[wanted - 1]].map((card) => {
          const button = [...(card?.querySelectorAll("button") ?? [])].find(
            (candidate) => candidate.textContent?.trim() === "Approve",
          );
          // Enabled, or refused with its reason (aria-disabled: a sender who may be on a watchlist), as usable.ts
          // counts the queue's: the demo has one such payment waiting, with the soonest deadline, for ten minutes.
          return button !== undefined && !button.disabled && button.checkVisibility();
        });
        const state = window as unknown as { firstCard?: number };
        if (state.firstCard === undefined && first) state.firstCard = performance.now();
        return cards.length >= wanted && last ? performance.now() : false;
      },
      QUEUE_PAGE_SIZE,
      { polling: "raf", timeout: 120_000 },
    );
    const lastCardUsable = (await handle.jsonValue()) as number;
    const timings = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as
        | PerformanceNavigationTiming
        | undefined;
      return {
        responseStart: navigation?.responseStart ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
        firstCard: (window as unknown as { firstCard?: number }).firstCard ?? Number.NaN,
        cards: document.querySelectorAll("article").length,
      };
    });
    return {
      responseStart: timings.responseStart,
      domContentLoaded: timings.domContentLoaded,
      firstCardUsable: timings.firstCard,
      lastCardUsable,
      cards: timings.cards,
    };
  } finally {
    await browserContext.close();
  }
}

export async function runPages(context: BenchContext): Promise<PagesResult> {
  const { routes, shared } = routeWeights();
  const adminCookie = await signIn("admin");
  const parameters = await routeParameters();
  for (const weight of routes) {
    const concrete = weight.route.replace(/\[(\w+)\]/g, (whole, name: string) => parameters[name] ?? whole);
    if (concrete.includes("[")) continue;
    weight.htmlGzipBytes = await htmlScriptBytes(concrete, adminCookie);
  }
  context.log(`pages: first-load JavaScript of ${routes.length} routes measured`);

  const seedSeconds = await seedPendingPayments(context);
  const cookie = await signIn("compliance");
  const browser = await chromium.launch(chromiumLaunchOptions);
  // The queue's own API call alone (its share of the time to usable: the first page), median of three.
  const apiTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = performance.now();
    const response = await fetch(`${CONSOLE_ORIGIN}/api/approvals`, {
      headers: { cookie },
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { data?: unknown[]; waiting?: number | null };
    apiTimes.push(performance.now() - before);
    // A page of the queue, which counts every payment waiting.
    if (
      !response.ok ||
      (body.data?.length ?? 0) < QUEUE_PAGE_SIZE ||
      (body.waiting ?? 0) < PENDING_PAYMENTS
    ) {
      throw new Error(
        `/api/approvals answered ${response.status} with ${body.data?.length ?? 0} of ${body.waiting} payments`,
      );
    }
  }
  const runs: QueueRun[] = [];
  try {
    // One unrecorded load warms the console's server side, as a person's earlier visits would.
    await timeQueue(browser, cookie);
    for (let run = 0; run < (context.quick ? 2 : 5); run++) runs.push(await timeQueue(browser, cookie));
  } finally {
    await browser.close();
  }
  const pick = (key: keyof QueueRun) => median(runs.map((run) => run[key]));
  const medianRun: QueueRun = {
    responseStart: pick("responseStart"),
    domContentLoaded: pick("domContentLoaded"),
    firstCardUsable: pick("firstCardUsable"),
    lastCardUsable: pick("lastCardUsable"),
    cards: pick("cards"),
  };
  context.log(`pages: approval queue usable after ${medianRun.lastCardUsable.toFixed(0)} ms (median)`);
  return {
    routes,
    shared,
    queue: {
      pending: PENDING_PAYMENTS,
      batch: QUEUE_PAGE_SIZE,
      runs,
      median: medianRun,
      seedSeconds,
      apiMs: median(apiTimes),
    },
  };
}
