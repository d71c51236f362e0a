import { type ChildProcess, spawn } from "node:child_process";
import type { WriteStream } from "node:fs";
import { createInterface } from "node:readline";

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts a program in its own process group, prefixing its output with its name. Stopping signals the whole
 * group, so nothing a program started is left behind holding a port.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  logFile?: WriteStream,
): ManagedProcess {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = `[${name}]`;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      if (!line.trim()) return;
      process.stdout.write(`${prefix} ${line}\n`);
      logFile?.write(`${new Date().toISOString()} ${prefix} ${line}\n`);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  return {
    name,
    child,
    exited,
    async stop(timeoutMs = 10_000) {
      signalGroup("SIGTERM");
      const timer = setTimeout(() => signalGroup("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
      // Anything the leader left behind in its group goes too.
      signalGroup("SIGKILL");
    },
  };
}

/** Polls a URL until it answers 2xx, the process dies, or the time runs out. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the process serving ${url} exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms (${lastError})`);
}
