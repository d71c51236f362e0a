import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const GUARD = path.join(path.dirname(fileURLToPath(import.meta.url)), "orphan-guard.mjs");

export interface Watched {
  name: string;
  pid: number;
  /** Signal the whole process group (a program started detached), not the process alone. */
  group: boolean;
  /** The polite stop signal: SIGTERM for the programs, SIGINT (fast shutdown) for PostgreSQL. */
  signal: NodeJS.Signals;
  /** Lower orders are stopped, and gone, before higher ones start stopping. */
  order: number;
}

/**
 * The launcher's side of the orphan guard (orphan-guard.mjs): a detached process that stops everything the
 * launcher started if the launcher ends without stopping them itself (SIGKILL, a crash). Should the guard itself
 * end, a new one is started and told again what runs.
 */
export class OrphanGuard {
  private child: ChildProcess | undefined;
  private readonly watched = new Map<number, Watched>();
  private released = false;

  constructor(
    private readonly pidFile: string,
    private readonly logFile: string,
    private readonly log: (message: string) => void,
  ) {
    this.spawn();
  }

  private spawn() {
    const child = spawn(process.execPath, [GUARD, String(process.pid), this.pidFile, this.logFile], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.unref();
    child.stdin?.on("error", () => {});
    // The pipe must not keep the launcher's event loop alive on its own.
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    child.once("exit", () => {
      if (this.released || this.child !== child) return;
      this.log("the orphan guard ended; starting a new one");
      this.spawn();
    });
    this.child = child;
    for (const watched of this.watched.values()) this.send({ watch: watched });
  }

  private send(message: unknown) {
    this.child?.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  watch(watched: Watched) {
    this.watched.set(watched.pid, watched);
    this.send({ watch: watched });
  }

  forget(pid: number | undefined) {
    if (pid === undefined) return;
    this.watched.delete(pid);
    this.send({ forget: pid });
  }

  /**
   * The launcher is about to exit, having stopped what it supervises. The guard exits without touching anything,
   * unless something is still known to run (a program whose start was under way): that it stops, as if the launcher
   * had been killed.
   */
  close(): Promise<void> {
    this.released = true;
    const child = this.child;
    if (!child?.stdin || child.exitCode !== null) return Promise.resolve();
    const leftOver = [...this.watched.values()];
    if (leftOver.length > 0) {
      this.log(`the orphan guard stops what is still starting: ${leftOver.map((w) => w.name).join(", ")}`);
      child.stdin.end();
      return Promise.resolve();
    }
    // Waited for with a timer that keeps the event loop alive: the guard and its pipe do not (see spawn).
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin?.end(`${JSON.stringify({ release: true })}\n`);
    });
  }
}
