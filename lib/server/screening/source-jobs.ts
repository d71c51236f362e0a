import "server-only";
import { Logger, type Runner, run } from "graphile-worker";
import { safeError, safeErrorText } from "../../../shared/log/safe-error";
import { env } from "../env";
import { log } from "../log/logger";
import { REFRESH_TASK, refreshSource } from "./sources";

// Shared through globalThis, as the lists in use are (server.ts and Next.js's bundles are separate module copies).
const KEY = Symbol.for("console.screening.sources");
type Holder = { runner?: Promise<Runner | undefined> };
const holder = (): Holder => {
  const g = globalThis as unknown as Record<symbol, Holder | undefined>;
  g[KEY] ??= {};
  return g[KEY];
};

/** The queue's errors only, without what they quote (as the service's worker logs them). */
const quietLogger = () =>
  new Logger((scope) => (level: string, message: string, meta?: { error?: unknown }) => {
    if (level !== "error") return;
    const headline = message.split(/: | with error /, 1)[0]?.slice(0, 200) ?? "";
    const error = meta && "error" in meta ? safeErrorText(safeError(meta.error)) : undefined;
    log.error("screening", `job queue: ${headline}`, { task: scope.taskIdentifier, error });
  });

/**
 * At console start: runs the lists' scheduled refreshes (issue 48) through graphile-worker on the console's database
 * (its schema migrated with the console's, lib/server/db/migrate.ts): one task, `refresh_screening_source`, each run
 * queueing the source's next. Several consoles may share the queue; a job runs once.
 */
export async function startScreeningSources(): Promise<void> {
  // A console without its settings (a missing secret) serves no protected route and runs no job: it must still start.
  let databaseUrl: string;
  try {
    databaseUrl = env().DATABASE_URL;
  } catch {
    return;
  }
  const h = holder();
  h.runner ??= run({
    connectionString: databaseUrl,
    // One fetch at a time; a connection for it and one listening for new jobs.
    concurrency: 1,
    maxPoolSize: 3,
    pollInterval: 5_000,
    noHandleSignals: true,
    logger: quietLogger(),
    taskList: {
      [REFRESH_TASK]: async (payload) => {
        const { sourceId } = payload as { sourceId: string };
        await refreshSource(sourceId);
      },
    },
  }).catch((error: unknown) => {
    log.error("screening", "the lists' scheduled refreshes could not start", { error });
    h.runner = undefined;
    return undefined;
  });
  await h.runner;
}

/** At console stop: the job running finishes, no other starts. */
export async function stopScreeningSources(): Promise<void> {
  const h = holder();
  const runner = await h.runner;
  h.runner = undefined;
  await runner?.stop();
}
