import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serverBundle } from "../../scripts/lib/server-bundles";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The benchmark's own ports and folders, apart from `npm start`'s and the e2e suite's. BENCH_DATA_DIR,
 * BENCH_CONSOLE_PORT, BENCH_SERVICE_PORT, BENCH_POSTGRES_PORT and BENCH_DIST_DIR move them, so that two runs
 * (say, two people measuring different things on one machine) keep out of each other's way.
 */
export const BENCH_ENV = {
  DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data-bench",
  CONSOLE_PORT: process.env.BENCH_CONSOLE_PORT ?? "3300",
  SERVICE_PORT: process.env.BENCH_SERVICE_PORT ?? "4300",
  EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? "54300",
  NEXT_DIST_DIR: process.env.BENCH_DIST_DIR ?? ".next-bench",
} as const;

export const CONSOLE_ORIGIN = `http://127.0.0.1:${BENCH_ENV.CONSOLE_PORT}`;
export const SERVICE_ORIGIN = `http://127.0.0.1:${BENCH_ENV.SERVICE_PORT}`;
export const API_BASE = `${SERVICE_ORIGIN}/2025-10-13`;
export const DATA_DIR = path.join(ROOT, BENCH_ENV.DATA_DIR);

export interface Stack {
  launcherPid: number;
  /** The console's process (server.ts: the proxy and Next.js). */
  consolePid: number;
  /** The local payment service's process. */
  servicePid: number;
  stop(): Promise<void>;
}

/** Parent pid of every live process, read from /proc (no `ps` parsing). */
function processTable(): Map<number, { ppid: number; command: string }> {
  const table = new Map<number, { ppid: number; command: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command sits in parentheses and may contain spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\u0000", " ").trim();
      table.set(Number(entry), { ppid: Number(fields[1]), command });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

function childrenOf(pid: number): { pid: number; command: string }[] {
  return [...processTable()]
    .filter(([, info]) => info.ppid === pid)
    .map(([child, info]) => ({ pid: child, command: info.command }));
}

/** A process and all its descendants. */
export function processTree(pid: number): number[] {
  const table = processTable();
  const out = [pid];
  for (let index = 0; index < out.length && index < 1_000; index++) {
    for (const [child, info] of table) if (info.ppid === out[index]) out.push(child);
  }
  return out;
}

/**
 * What would make the launcher use someone else's database or payment API instead of starting its own. A part of the
 * run that calls the console's code sets some of them in this process (bench/older-customers.ts); the stack never
 * inherits them, so a restart after such a part starts the same product as the first start.
 */
const NOT_INHERITED = [
  "DATABASE_URL",
  "DATABASE_MIGRATION_URL",
  "SERVICE_DATABASE_URL",
  "SERVICE_PRODUCTION_DATABASE_URL",
  "PAYMENT_API_BASE_URL",
  "PAYMENT_API_TOKEN_ID",
  "PAYMENT_API_CLIENT_SECRET",
  "AUTH_SECRET",
];

function launcherEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...BENCH_ENV, SERVICE_LOG_LEVEL: "warn" };
  for (const key of NOT_INHERITED) delete env[key];
  return env;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the product's own launcher (scripts/start.ts) on the benchmark's ports and data directory, as a child in
 * its own process group; it builds the console into .next-bench when the build is stale. Waits for "ready".
 * With `fresh`, the data directory is deleted first, so every run starts from the same seeded demo platform.
 */
export async function startStack(options: { fresh: boolean; log: (line: string) => void }): Promise<Stack> {
  if (options.fresh && existsSync(DATA_DIR)) rmSync(DATA_DIR, { recursive: true, force: true });
  const logPath = path.join(ROOT, "bench", "results", "stack.log");
  mkdirSync(path.dirname(logPath), { recursive: true });
  const logFile = createWriteStream(logPath, { flags: "w" });
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      pathToFileURL(path.join(ROOT, "scripts", "lib", "server-only-condition.mjs")).href,
      path.join(ROOT, "scripts", "start.ts"),
    ],
    {
      cwd: ROOT,
      env: launcherEnv(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const launcherPid = child.pid;
  if (launcherPid === undefined) throw new Error("the launcher did not start");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const ready = new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        // The launcher prints the demo users' passwords for people at a terminal; they go nowhere from here.
        const password = line.startsWith("[start]") && line.includes("@demo.local");
        if (!password) logFile.write(`${line}\n`);
        if (line.startsWith("[start]") && !password) options.log(line);
        if (line.startsWith("[start] ready in")) resolve();
        if (line.startsWith("[start] failed")) reject(new Error(`the launcher failed: ${line}`));
      });
    }
    child.once("exit", (code) => reject(new Error(`the launcher exited (code ${code}) before it was ready`)));
  });

  const stop = async () => {
    if (!alive(child)) return;
    try {
      process.kill(-launcherPid, "SIGTERM");
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => {
      // The launcher stops its programs itself; only if it hangs is everything it started killed.
      for (const pid of processTree(launcherPid)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone.
        }
      }
    }, 60_000);
    await exited;
    clearTimeout(timer);
    logFile.end();
  };

  // A build on this machine takes minutes; twenty is the bound.
  const timeout = setTimeout(() => void stop(), 20 * 60_000);
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timeout);
  }

  const children = childrenOf(launcherPid);
  const consolePid = children.find((c) => c.command.includes(serverBundle(ROOT, "console")))?.pid;
  const servicePid = children.find((c) => c.command.includes(serverBundle(ROOT, "service")))?.pid;
  if (consolePid === undefined || servicePid === undefined) {
    await stop();
    throw new Error(`could not find the console and service processes among ${JSON.stringify(children)}`);
  }
  return { launcherPid, consolePid, servicePid, stop };
}
