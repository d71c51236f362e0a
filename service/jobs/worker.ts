import { Logger, type Runner, run, runMigrations, type TaskList } from "graphile-worker";
import type { ServiceContext } from "../app";
import { deliverWebhook } from "../webhooks/deliver";
import type { AreaJobs } from "./area-jobs";
import { customerAreaJobs } from "./customer-area-jobs";
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
  return run({
    pgPool: context.db.pool,
    concurrency: 4,
    pollInterval: 1_000,
    noHandleSignals: true,
    taskList,
    logger: quietLogger(),
  });
}

function quietLogger() {
  return new Logger(() => (level: string, message: string) => {
    if (level === "error") process.stderr.write(`[jobs] ${message}\n`);
  });
}
