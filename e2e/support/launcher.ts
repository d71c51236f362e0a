import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { freePort } from "../../scripts/lib/free-port";

export interface LauncherPorts {
  console: number;
  service: number;
  postgres: number;
}

export async function freeLauncherPorts(): Promise<LauncherPorts> {
  return { console: await freePort(), service: await freePort(), postgres: await freePort() };
}

/**
 * Another `npm start` (scripts/start.ts) beside the suite's own, on its own data directory and ports, from the
 * same console build; with `["--dev"]` as `args`, an `npm run dev`. Its output is kept, line by line, for the spec
 * to wait on.
 */
export class Launcher {
  readonly lines: string[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private readonly listeners = new Set<() => void>();

  constructor(
    dataDir: string,
    readonly ports: LauncherPorts,
    args: string[] = [],
  ) {
    this.child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", "./scripts/lib/server-only-condition.mjs", "scripts/start.ts", ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          CONSOLE_PORT: String(ports.console),
          SERVICE_PORT: String(ports.service),
          EMBEDDED_POSTGRES_PORT: String(ports.postgres),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on("line", (line) => {
        this.lines.push(line);
        for (const listener of this.listeners) listener();
      });
    }
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  /** Lines matching `pattern` so far. */
  count(pattern: RegExp): number {
    return this.lines.filter((line) => pattern.test(line)).length;
  }

  /** Resolves when `count` lines match `pattern`; rejects when the launcher ends first or the time runs out. */
  waitForLines(pattern: RegExp, count = 1, timeoutMs = 180_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        this.listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (this.count(pattern) >= count) done();
      };
      const timer = setTimeout(
        () => done(new Error(`no ${count}× ${pattern} within ${timeoutMs} ms:\n${this.tail()}`)),
        timeoutMs,
      );
      void this.exited.then(() =>
        setImmediate(() =>
          done(new Error(`the launcher ended before ${count}× ${pattern}:\n${this.tail()}`)),
        ),
      );
      this.listeners.add(check);
      check();
    });
  }

  tail(lines = 30): string {
    return this.lines
      .filter((line) => !line.startsWith("[postgres]"))
      .slice(-lines)
      .join("\n");
  }
}
