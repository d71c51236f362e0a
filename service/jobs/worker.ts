import { EventEmitter } from "node:events";
import { Logger, type Runner, run, runMigrations, type TaskList, type WorkerEvents } from "graphile-worker";
import { safeError, safeErrorText } from "../../shared/log/safe-error";
import type { ServiceContext } from "../context";
import { deliverWebhook } from "../webhooks/deliver";
import type { AreaJobs } from "./area-jobs";
import { customerAreaJobs } from "./customer-area-jobs";
import { holdWorkerLiveness, recoverOrphanedJobs } from "./orphaned-jobs";
import { paymentAreaJobs } from "./payment-area-jobs";

export const AREAS: AreaJobs[] = [customerAreaJobs, paymentAreaJobs];

/** Creates or upgrades the job queue's own schema (graphile_worker) so jobs can be added in any transaction. */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: quietLogger() });
}

/** Runs the background jobs (webhook deliveries, imports, time-outs) in this process; several may share the queue. */
export async function startWorker(context: ServiceContext): Promise<Runner> {
  const taskList: TaskList = {
    deliver_webhook: async (payload) => {
      const { webhookId } = payload as { webhookId: string };
      await deliverWebhook(context, webhookId, async (ctx, event, result) => {
        for (const area of AREAS) await area.onWebhookReply?.(ctx, event, result);
      });
    },
  };
  for (const area of AREAS) {
    for (const [name, makeTask] of Object.entries(area.tasks)) taskList[name] = makeTask(context);
  }
  // The pool announces it is alive from the moment it exists, so no peer takes its jobs for orphans.
  const events = new EventEmitter() as WorkerEvents;
  let liveness: Promise<() => Promise<void>> | undefined;
  events.once("pool:create", ({ workerPool }) => {
    liveness = holdWorkerLiveness(context.config.databaseUrl, workerPool.id);
  });
  const runner = await run({
    pgPool: context.db.pool,
    concurrency: 4,
    pollInterval: 1_000,
    noHandleSignals: true,
    taskList,
    logger: quietLogger(),
    events,
  });
  const release = await liveness;
  // Jobs a killed process was running are given back at start, and every few seconds for a peer that dies.
  const sweep = () => recoverOrphanedJobs(context.db.pool).catch(() => 0);
  await sweep();
  const timer = setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    ...runner,
    async stop(reason?: string) {
      clearInterval(timer);
      try {
        await runner.stop(reason);
      } finally {
        await release?.();
      }
    },
  };
}

const ORPHAN_SWEEP_INTERVAL_MS = 5_000;

/**
 * Only the queue's errors, and without what they quote: its messages embed the error's own text (a failed query's
 * parameters among it), so a line keeps the message's headline, before any quoted error, and the error's codes.
 */
function quietLogger() {
  return new Logger((scope) => (level: string, message: string, meta?: { error?: unknown }) => {
    if (level !== "error") return;
    const headline = message.split(/: | with error /, 1)[0]?.slice(0, 200) ?? "";
    const task = scope.taskIdentifier ? ` task=${scope.taskIdentifier}` : "";
    const error = meta && "error" in meta ? ` error=${safeErrorText(safeError(meta.error))}` : "";
    process.stderr.write(`[jobs] ${headline}${task}${error}\n`);
  });
}
