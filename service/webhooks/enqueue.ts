import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { ServiceDatabase } from "../db/client";
import { webhookEvents } from "../db/schema";

/** A database handle or an open transaction: the event commits or rolls back with the change that caused it. */
export type Executor = Pick<ServiceDatabase, "insert" | "execute" | "select" | "update">;

export interface NewWebhookEvent {
  type: string;
  payload: Record<string, unknown>;
  /** TEST and a pending INCOMING_PAYMENT are never retried (api-notes §3). */
  retryable?: boolean;
  transactionId?: string;
}

/** Records an event without queueing it: for TEST, which its caller sends at once. */
export async function recordWebhookEvent(executor: Executor, event: NewWebhookEvent, now: Date) {
  const [row] = await executor
    .insert(webhookEvents)
    .values({
      id: `Webhook:${randomUUID()}`,
      type: event.type,
      payload: event.payload,
      status: "PENDING",
      retryable: event.retryable ?? true,
      transactionId: event.transactionId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("webhook event was not recorded");
  return row;
}

/**
 * Records an event and enqueues its delivery on the PostgreSQL job queue in the caller's transaction, so an
 * event exists if and only if the change that caused it committed, and is delivered after a crash. One payment's
 * events share a named queue, whose jobs run one at a time in the order they were added: its COMPLETED never
 * reaches the endpoint before its PROCESSING was answered (with four deliveries at a time, it once did). A retry is
 * a job of its own, outside the queue, so an endpoint that fails once does not hold the payment's next events back.
 */
export async function enqueueWebhook(executor: Executor, event: NewWebhookEvent, now: Date): Promise<string> {
  const row = await recordWebhookEvent(executor, event, now);
  const queue = event.transactionId ? `webhooks:${event.transactionId}` : null;
  await executor.execute(
    sql`select graphile_worker.add_job('deliver_webhook', json_build_object('webhookId', ${row.id}::text), queue_name => ${queue}::text, max_attempts => 1)`,
  );
  return row.id;
}
