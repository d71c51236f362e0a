import http from "node:http";
import autocannon from "autocannon";
import { percentile } from "./stats";

export interface LoadResult {
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers outside 2xx, and connection errors or time-outs. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A fresh body (and headers) for every request. */
  nextRequest?: () => { body: string; headers?: Record<string, string> };
}

/** One autocannon run, bounded by its duration (and a 10 s time-out per request). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { nextRequest } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    method: options.method ?? "GET",
    headers: options.headers,
    timeout: 10,
    ...(nextRequest
      ? {
          requests: [
            {
              method: options.method ?? "POST",
              setupRequest: (request) => {
                const next = nextRequest();
                return {
                  ...request,
                  body: next.body,
                  headers: { ...request.headers, ...options.headers, ...next.headers },
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    url: options.url,
    connections: options.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.total / Math.max(result.duration, 1e-9),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}

/**
 * One request at a time over one kept-alive connection, for `durationSeconds` (at most 20,000 requests), timed
 * with the high-resolution clock: the cost of a request when nothing queues, at a finer grain than autocannon's
 * whole milliseconds.
 */
export async function serialLoad(options: {
  url: string;
  headers: Record<string, string>;
  durationSeconds: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  try {
    while (performance.now() < deadline && latencies.length < 20_000) {
      const before = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.get(
          options.url,
          { agent, headers: options.headers, timeout: 10_000 },
          (response) => {
            response.on("data", () => {});
            response.on("end", () => resolve(response.statusCode ?? 0));
            response.on("error", reject);
          },
        );
        request.on("timeout", () => request.destroy(new Error("timed out")));
        request.on("error", reject);
      }).catch(() => 0);
      latencies.push(performance.now() - before);
      if (status < 200 || status >= 300) failures++;
    }
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    url: options.url,
    connections: 1,
    durationSeconds: seconds,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
    failures,
  };
}
