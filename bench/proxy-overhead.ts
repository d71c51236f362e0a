import { type LoadResult, load, serialLoad } from "./support/load";
import { cpuMillisOf } from "./support/memory";
import { basicAuthorization } from "./support/secrets";
import { signIn } from "./support/session";
import { API_BASE, CONSOLE_ORIGIN } from "./support/stack";
import type { BenchContext } from "./types";

export const PROXY_TARGETS = { throughputRatio: 0.8, p50OverheadMs: 3 } as const;
const ENDPOINTS = ["/config", "/transactions?limit=20"] as const;

export interface MeasuredRun extends LoadResult {
  /** CPU time the console and the service spent per request during the run, ms. */
  consoleCpuPerRequest: number;
  serviceCpuPerRequest: number;
}

export interface ProxyRow {
  endpoint: string;
  direct: MeasuredRun;
  proxy: MeasuredRun;
  throughputRatio: number;
  p50Overhead: number;
}

export interface ProxyResult {
  connections: number;
  durationSeconds: number;
  rows: ProxyRow[];
  /** The same pairs at one connection: the overhead of one request when nothing queues. */
  serial: ProxyRow[];
  serialDurationSeconds: number;
}

async function measured(
  context: BenchContext,
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSeconds: number,
): Promise<MeasuredRun> {
  const consoleBefore = cpuMillisOf(context.stack.consolePid);
  const serviceBefore = cpuMillisOf(context.stack.servicePid);
  const result =
    connections === 1
      ? await serialLoad({ url, headers, durationSeconds })
      : await load({ url, headers, connections, durationSeconds });
  const per = (after: number, before: number) => (after - before) / Math.max(1, result.total);
  return {
    ...result,
    consoleCpuPerRequest: per(cpuMillisOf(context.stack.consolePid), consoleBefore),
    serviceCpuPerRequest: per(cpuMillisOf(context.stack.servicePid), serviceBefore),
  };
}

async function pair(
  context: BenchContext,
  endpoint: string,
  cookie: string,
  connections: number,
  durationSeconds: number,
): Promise<ProxyRow> {
  const directUrl = `${API_BASE}${endpoint}`;
  const proxyUrl = `${CONSOLE_ORIGIN}/api/payments${endpoint}`;
  const directHeaders = { authorization: basicAuthorization() };
  const proxyHeaders = { cookie };
  // Warm both paths (connections, JIT, the console's route) before anything is recorded.
  await load({ url: directUrl, headers: directHeaders, connections, durationSeconds: 2 });
  await load({ url: proxyUrl, headers: proxyHeaders, connections, durationSeconds: 2 });
  const direct = await measured(context, directUrl, directHeaders, connections, durationSeconds);
  const proxy = await measured(context, proxyUrl, proxyHeaders, connections, durationSeconds);
  for (const [name, run] of [
    ["direct", direct],
    ["proxy", proxy],
  ] as const) {
    if (run.failures > 0) throw new Error(`${name} ${endpoint}: ${run.failures} failed requests`);
  }
  context.log(
    `proxy ${endpoint} @${connections}: direct ${direct.requestsPerSecond.toFixed(0)} req/s p50 ${direct.p50} ms, ` +
      `proxy ${proxy.requestsPerSecond.toFixed(0)} req/s p50 ${proxy.p50} ms`,
  );
  return {
    endpoint,
    direct,
    proxy,
    throughputRatio: proxy.requestsPerSecond / direct.requestsPerSecond,
    p50Overhead: proxy.p50 - direct.p50,
  };
}

/**
 * Proxy overhead: each endpoint through the console's proxy with a signed-in session cookie, and straight to the
 * service with the Basic credential, one right after the other, with autocannon.
 */
export async function runProxyOverhead(context: BenchContext): Promise<ProxyResult> {
  const connections = 32;
  const durationSeconds = context.quick ? 5 : 20;
  const serialDurationSeconds = context.quick ? 3 : 10;
  const cookie = await signIn("viewer");
  const rows: ProxyRow[] = [];
  for (const endpoint of ENDPOINTS)
    rows.push(await pair(context, endpoint, cookie, connections, durationSeconds));
  const serial: ProxyRow[] = [];
  for (const endpoint of ENDPOINTS)
    serial.push(await pair(context, endpoint, cookie, 1, serialDurationSeconds));
  return { connections, durationSeconds, rows, serial, serialDurationSeconds };
}
