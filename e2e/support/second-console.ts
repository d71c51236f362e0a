import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { consoleServerArguments } from "../../scripts/lib/console-server";
import { freePort } from "../../scripts/lib/free-port";
import { waitForHttp } from "../../scripts/lib/processes";
import { API_BASE, consoleDatabaseUrl, E2E_DATA_DIR, localSecrets } from "./environment";

// Specs run from the repository root, as e2e/support/launcher.ts assumes too.
const ROOT = process.cwd();
const HOST = "127.0.0.1";

/**
 * The environment the launcher (scripts/start.ts) gives its console, rebuilt from the e2e data directory's
 * generated secrets: the same database, session secret, payment API and webhook key as the suite's console.
 */
function consoleEnvironment(): NodeJS.ProcessEnv {
  const secrets = localSecrets();
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: consoleDatabaseUrl(),
    AUTH_SECRET: secrets.authSecret,
    // Its audit checkpoints beside the suite console's, never in the repository's own .data (lib/server/audit/anchor.ts).
    AUDIT_CHECKPOINT_FILE: path.join(E2E_DATA_DIR, "audit-checkpoints.jsonl"),
    PAYMENT_API_BASE_URL: API_BASE,
    PAYMENT_API_TOKEN_ID: secrets.apiTokenId,
    PAYMENT_API_CLIENT_SECRET: secrets.apiClientSecret,
    PAYMENT_API_ENVIRONMENT: "sandbox",
    WEBHOOK_PUBLIC_KEY: readFileSync(path.join(E2E_DATA_DIR, "secrets", "webhook-public-key.pem"), "utf8"),
    LOCAL_SERVICE: "true",
  };
}

/**
 * A second console process beside the suite's own, on a free loopback port, over the same databases and the same
 * local payment service, started as the launcher starts its console (consoleServerArguments) in a process group of
 * its own. Its output is kept for the spec to read.
 */
export class SecondConsole {
  readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on("line", (line) => this.lines.push(line));
    }
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  }

  /** Started with the suite console's environment, and `overrides` over it (another payment API address, say). */
  static async start(overrides: Record<string, string> = {}): Promise<SecondConsole> {
    const port = await freePort();
    const child = spawn(process.execPath, consoleServerArguments(ROOT, port, HOST), {
      cwd: ROOT,
      env: { ...consoleEnvironment(), ...overrides },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const started = new SecondConsole(child, port);
    try {
      await waitForHttp(`${started.origin}/api/health`, 90_000, () => started.running);
    } catch (error) {
      await started.stop();
      throw new Error(`the second console did not start: ${String(error)}\n${started.lines.join("\n")}`);
    }
    return started;
  }

  get origin(): string {
    return `http://${HOST}:${this.port}`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM to the console process alone, as an orchestrator stops an instance; resolves when it has exited. */
  async terminate() {
    if (this.running && this.child.pid !== undefined) process.kill(this.child.pid, "SIGTERM");
    return this.exited;
  }

  /** Cleanup: SIGTERM to its group, SIGKILL after 15 s, then SIGKILL to anything left in the group. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-pid, name);
      } catch {
        // The group is gone.
      }
    };
    if (this.running) signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 15_000);
    await this.exited;
    clearTimeout(timer);
    signal("SIGKILL");
  }
}
