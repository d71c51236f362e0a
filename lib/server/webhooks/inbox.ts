import "server-only";
import { eq } from "drizzle-orm";
import type { Environment } from "../../universal/auth/permissions";
import { storableString } from "../../universal/text/storable";
import type { ParsedWebhook } from "../../universal/webhooks/parse-webhook";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";

export { type ParsedWebhook, parseWebhook } from "../../universal/webhooks/parse-webhook";

/**
 * Claims a webhookId before anything is decided about it: stores the delivery with `provisional` as its answer and
 * returns the row's id, or null when another delivery of the id (even one still being decided) has the row. The
 * unique index decides, so of simultaneous deliveries exactly one goes on to evaluate (issue 46 item 10).
 */
export async function claimWebhook(
  webhook: ParsedWebhook,
  rawBody: string,
  provisional: { status: number; body: Record<string, unknown> },
  environment: Environment,
): Promise<number | null> {
  const rows = await getConsoleDatabase()
    .insert(webhookEvents)
    .values({
      webhookId: webhook.webhookId,
      type: webhook.type,
      // Text that parsed as JSON holds NUL only escaped, and text decoded from UTF-8 no lone surrogate; the rule
      // holds here anyway, so the raw body can never fail the insert.
      rawBody: storableString(rawBody),
      payload: webhook.payload,
      responseStatus: provisional.status,
      responseBody: provisional.body,
      transactionId: webhook.transactionId ?? null,
      transactionStatus: webhook.transactionStatus ?? null,
      environment,
    })
    .onConflictDoNothing({ target: webhookEvents.webhookId })
    .returning({ id: webhookEvents.id });
  return rows[0]?.id ?? null;
}

/** Records the answer a claimed delivery was finally given. */
export async function recordWebhookAnswer(
  id: number,
  answer: { status: number; body: Record<string, unknown> },
): Promise<void> {
  await getConsoleDatabase()
    .update(webhookEvents)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(eq(webhookEvents.id, id));
}

/**
 * Stores a verified webhook once per webhookId (a unique index decides, so concurrent deliveries of one event
 * leave exactly one row). Returns false for a repeat.
 */
export async function storeVerifiedWebhook(
  webhook: ParsedWebhook,
  rawBody: string,
  answer: { status: number; body: Record<string, unknown> },
  environment: Environment,
): Promise<boolean> {
  return (await claimWebhook(webhook, rawBody, answer, environment)) !== null;
}
