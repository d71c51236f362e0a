import type pg from "pg";
import { basicAuthorization } from "./support/secrets";
import { planSeed, seedUpTo, withServiceDb } from "./support/seed";
import { API_BASE } from "./support/stack";
import { median } from "./support/stats";
import type { BenchContext } from "./types";

export interface GrowthQuery {
  name: string;
  /** The list's path with its filter, without limit or cursor. */
  path: string;
  /** The page after this many rows (0: the first page). */
  position: number;
}

export interface GrowthRow {
  query: string;
  request: string;
  /** Median latency at each size, ms. */
  small: number;
  large: number;
  smallPosition: number;
  largePosition: number;
  ratio: number;
}

export interface GrowthResult {
  sizes: { small: number; large: number };
  runs: number;
  seedSeconds: { small: number; large: number };
  rows: GrowthRow[];
}

export const GROWTH_TARGET_RATIO = 1.5;
const DEEP_POSITION = 100_000;
const PAGE = 20;

interface ListSpec {
  name: string;
  table: "transactions" | "customers";
  path: string;
  /** SQL condition the service applies for this list (the cursor row must be one of the listed rows). */
  where: string;
}

const LISTS: ListSpec[] = [
  { name: "GET /transactions", table: "transactions", path: "/transactions", where: "true" },
  {
    name: "GET /transactions?status=COMPLETED",
    table: "transactions",
    path: "/transactions?status=COMPLETED",
    where: "status = 'COMPLETED'",
  },
  { name: "GET /customers", table: "customers", path: "/customers", where: "not is_deleted" },
  {
    name: "GET /customers?customerType=BUSINESS",
    table: "customers",
    path: "/customers?customerType=BUSINESS",
    where: "not is_deleted and customer_type = 'BUSINESS'",
  },
];

/** The service's opaque cursor (service/domain/pagination.ts): base64url of `[createdAt ISO, id]`. */
function cursorFor(row: { created_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id]), "utf8").toString("base64url");
}

interface Target {
  name: string;
  request: string;
  url: string;
  position: number;
}

/** First page, and the page after min(100,000, matching − 100) rows, of every list. */
async function targets(client: pg.Client): Promise<Target[]> {
  const out: Target[] = [];
  for (const list of LISTS) {
    const separator = list.path.includes("?") ? "&" : "?";
    out.push({
      name: `${list.name} first page`,
      request: `${list.path}${separator}limit=${PAGE}`,
      url: `${API_BASE}${list.path}${separator}limit=${PAGE}`,
      position: 0,
    });
    const counted = await client.query<{ count: number }>(
      `select count(*)::int as count from ${list.table} where ${list.where}`,
    );
    const matching = counted.rows[0]?.count ?? 0;
    const position = Math.max(PAGE, Math.min(DEEP_POSITION, matching - 100));
    const row = await client.query<{ created_at: Date; id: string }>(
      `select created_at, id from ${list.table} where ${list.where}
        order by created_at desc, id desc offset $1 limit 1`,
      [position - 1],
    );
    const last = row.rows[0];
    if (!last) throw new Error(`no row at position ${position} of ${list.name}`);
    const cursor = cursorFor(last);
    out.push({
      name: `${list.name} deep page`,
      request: `${list.path}${separator}limit=${PAGE}&cursor=…`,
      url: `${API_BASE}${list.path}${separator}limit=${PAGE}&cursor=${cursor}`,
      position,
    });
  }
  return out;
}

async function timeOnce(url: string, authorization: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as { data?: unknown[] };
  const elapsed = performance.now() - started;
  if (!response.ok || !Array.isArray(body.data) || body.data.length === 0) {
    throw new Error(`${url} answered ${response.status} with ${body.data?.length ?? "no"} rows`);
  }
  return elapsed;
}

/**
 * Warm-up rounds before each size is measured. With three calls per request the first size was measured on a
 * service whose code had not been optimised yet (seconds after start in a `--only=growth` run) and came out slower
 * than the second, by up to 3.4 ms.
 */
export const GROWTH_WARMUP_ROUNDS = 50;

/** Median latency of every target over `runs` rounds, the targets interleaved within a round. */
async function measure(list: Target[], runs: number): Promise<Map<string, number>> {
  const authorization = basicAuthorization();
  for (let round = 0; round < GROWTH_WARMUP_ROUNDS; round++) {
    for (const target of list) await timeOnce(target.url, authorization);
  }
  const samples = new Map<string, number[]>(list.map((target) => [target.name, []]));
  for (let round = 0; round < runs; round++) {
    for (const target of list) samples.get(target.name)?.push(await timeOnce(target.url, authorization));
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

/**
 * Growth: the same list requests, sent straight to the service with its Basic credential, with 10,000 and then
 * 1,000,000 customers and transactions in its database (seeded by SQL, bench/support/seed.ts).
 */
export async function runGrowth(context: BenchContext): Promise<GrowthResult> {
  const small = context.quick ? 2_000 : 10_000;
  const large = context.quick ? 200_000 : 1_000_000;
  const runs = context.quick ? 15 : 101;
  return withServiceDb(async (client) => {
    const plan = await planSeed(client);
    let started = Date.now();
    await seedUpTo(client, plan, small, context.log);
    const smallSeconds = (Date.now() - started) / 1000;
    const smallTargets = await targets(client);
    const smallMedians = await measure(smallTargets, runs);
    context.log(`growth: measured at ${small.toLocaleString("en-US")} rows`);

    started = Date.now();
    await seedUpTo(client, plan, large, context.log);
    const largeSeconds = (Date.now() - started) / 1000;
    const largeTargets = await targets(client);
    const largeMedians = await measure(largeTargets, runs);
    context.log(`growth: measured at ${large.toLocaleString("en-US")} rows`);

    const rows = smallTargets.map((target, index): GrowthRow => {
      const smallMs = smallMedians.get(target.name) ?? Number.NaN;
      const largeMs = largeMedians.get(target.name) ?? Number.NaN;
      return {
        query: target.name,
        request: target.request,
        small: smallMs,
        large: largeMs,
        smallPosition: target.position,
        largePosition: largeTargets[index]?.position ?? Number.NaN,
        ratio: largeMs / smallMs,
      };
    });
    return { sizes: { small, large }, runs, seedSeconds: { small: smallSeconds, large: largeSeconds }, rows };
  });
}
