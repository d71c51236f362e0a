import "server-only";
import { eq } from "drizzle-orm";
import type { Environment } from "../auth/permissions";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { storableString, toStorable } from "../text/storable";

export interface ParsedWebhook {
  webhookId: string;
  type: string;
  transactionId?: string;
  transactionStatus?: string;
  failureReason?: string;
  isPendingIncomingPayment: boolean;
  payload: Record<string, unknown>;
}

/**
 * Reads the fields the console needs from a verified body; null when it is not a webhook envelope at all. The
 * payload is made storable (lib/text/storable.ts): a signed event whose strings hold NUL or a lone surrogate is
 * still stored, once, instead of failing its insert at every one of the API's retries.
 */
export function parseWebhook(rawBody: string): ParsedWebhook | null {
  let payload: unknown;
  try {
    payload = toStorable(JSON.parse(rawBody));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.webhookId !== "string" || typeof record.type !== "string") return null;
  const transaction =
    record.transaction && typeof record.transaction === "object"
      ? (record.transaction as Record<string, unknown>)
      : undefined;
  const transactionId = typeof transaction?.id === "string" ? transaction.id : undefined;
  const transactionStatus = typeof transaction?.status === "string" ? transaction.status : undefined;
  return {
    webhookId: record.webhookId.slice(0, 200),
    type: record.type.slice(0, 100),
    transactionId,
    transactionStatus,
    failureReason: typeof transaction?.failureReason === "string" ? transaction.failureReason : undefined,
    isPendingIncomingPayment: record.type === "INCOMING_PAYMENT" && transactionStatus === "PENDING",
    payload: record,
  };
}

/** Whether a delivery of this webhookId is already in the inbox. */
export async function isStoredWebhook(webhookId: string): Promise<boolean> {
  const rows = await getConsoleDatabase()
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.webhookId, webhookId.slice(0, 200)))
    .limit(1);
  return rows.length > 0;
}

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
