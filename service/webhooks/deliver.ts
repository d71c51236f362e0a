import { and, eq, sql } from "drizzle-orm";
import { signWebhookBody } from "../../shared/webhook-signature";
import type { ServiceContext } from "../context";
import { platformConfig, webhookAttempts, webhookEvents } from "../db/schema";

const DELIVERY_TIMEOUT_MS = 30_000;
const MAX_RETRY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_RETRY_GAP_MS = 30 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
const MAX_KEPT_RESPONSE_CHARS = 64 * 1024;

export interface AttemptResult {
  url: string;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** Exponential backoff from 10 s, doubling, never more than 30 minutes apart. */
function retryDelayMs(failedAttempts: number): number {
  return Math.min(MAX_RETRY_GAP_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

/** Sends one attempt of an event to `url` and records it, whatever the outcome. */
export async function attemptDelivery(
  context: ServiceContext,
  event: WebhookEventRow,
  url: string,
): Promise<AttemptResult> {
  const body = JSON.stringify({
    webhookId: event.id,
    type: event.type,
    timestamp: context.clock.now().toISOString(),
    ...event.payload,
  });
  const started = Date.now();
  const attemptedAt = context.clock.now();
  let result: AttemptResult;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [context.config.webhookSignatureHeader]: signWebhookBody(context.config.webhookPrivateKeyPem, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => "");
    result = {
      url,
      statusCode: response.status,
      responseBody: text.slice(0, MAX_KEPT_RESPONSE_CHARS),
      error: null,
    };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "no answer within 30 s" : "connection failed";
    result = { url, statusCode: null, responseBody: null, error: reason };
  }
  await context.db.insert(webhookAttempts).values({
    webhookId: event.id,
    url,
    attemptedAt,
    durationMs: Date.now() - started,
    statusCode: result.statusCode,
    responseBody: result.responseBody,
    error: result.error,
  });
  return result;
}

export const isDelivered = (statusCode: number | null) =>
  statusCode !== null && ((statusCode >= 200 && statusCode < 300) || statusCode === 409);

export type ReplyHandler = (
  context: ServiceContext,
  event: WebhookEventRow,
  result: AttemptResult,
) => Promise<void>;

/**
 * The job that delivers one event: one attempt, then the event is DELIVERED, FAILED, or scheduled again with
 * backoff for up to 7 days. A reply handler sees every attempt's result (the approval of incoming payments).
 */
export async function deliverWebhook(
  context: ServiceContext,
  webhookId: string,
  onReply?: ReplyHandler,
): Promise<void> {
  const [event] = await context.db.select().from(webhookEvents).where(eq(webhookEvents.id, webhookId));
  if (event?.status !== "PENDING") return;
  const [config] = await context.db
    .select({ endpoint: platformConfig.webhookEndpoint })
    .from(platformConfig)
    .limit(1);
  const url = config?.endpoint;
  const result: AttemptResult = url
    ? await attemptDelivery(context, event, url)
    : { url: "", statusCode: null, responseBody: null, error: "no webhook endpoint is configured" };

  const attempts = event.attemptCount + 1;
  const delivered = isDelivered(result.statusCode);
  // On the clock the event was dated by (the platform's, which the sandbox moves), not the machine's: as it stands
  // now, whichever instance moved it.
  await context.clock.refresh();
  const withinWindow =
    context.clock.now().getTime() + retryDelayMs(attempts) - event.createdAt.getTime() < MAX_RETRY_WINDOW_MS;
  const retry = !delivered && event.retryable && url !== undefined && url !== null && withinWindow;
  await context.db.transaction(async (tx) => {
    // Only over an event still pending: two runs of one delivery at once (a job taken for orphaned while it ran)
    // must not turn one's DELIVERED back into PENDING or FAILED, nor start a second chain of retries.
    const settled = await tx
      .update(webhookEvents)
      .set({
        attemptCount: attempts,
        status: delivered ? "DELIVERED" : retry ? "PENDING" : "FAILED",
        updatedAt: context.clock.now(),
      })
      .where(and(eq(webhookEvents.id, event.id), eq(webhookEvents.status, "PENDING")))
      .returning({ id: webhookEvents.id });
    if (settled.length > 0 && retry) {
      await tx.execute(
        sql`select graphile_worker.add_job('deliver_webhook', json_build_object('webhookId', ${event.id}::text),
              run_at => now() + make_interval(secs => ${retryDelayMs(attempts) / 1000}), max_attempts => 1)`,
      );
    }
  });
  if (onReply) await onReply(context, event, result);
}
