import type { Task } from "graphile-worker";
import type { ServiceContext } from "../context";
import type { ReplyHandler } from "../webhooks/deliver";

/** What one area of the service contributes to the job worker. */
export interface AreaJobs {
  /** Task name → handler; the context is given at start. */
  tasks: Record<string, (context: ServiceContext) => Task>;
  /** Sees the result of every webhook attempt (the approval reply to a pending incoming payment). */
  onWebhookReply?: ReplyHandler;
  /** Runs what became due after POST /_local/clock/advance moved time forward. */
  afterClockMove?: (context: ServiceContext) => Promise<void>;
}

export async function runAfterClockMove(context: ServiceContext, areas: AreaJobs[]): Promise<void> {
  for (const area of areas) await area.afterClockMove?.(context);
}
