import "server-only";
import { count, desc, gte } from "drizzle-orm";
import { z } from "zod";
import type { WebhookRejections } from "../../universal/console-api/types";
import { getConsoleDatabase } from "../db";
import { webhookRejections } from "../db/schema";
import { REJECTION_LIMITS, rejectionsNotStoredSince } from "./rejections";

/** GET /api/inbox/rejections's query: how many of the latest to list. */
export const rejectionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

/**
 * Recent webhook deliveries that failed signature verification, newest first, and how many in the last day.
 * Bodies are left out: a delivery that failed verification is untrusted input, and the reason and size say enough
 * to notice a wrong key or an attack; the webhooks area shows the rest to those who debug it.
 */
export async function listWebhookRejections(limit: number): Promise<WebhookRejections> {
  const db = getConsoleDatabase();
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [rows, counted, notStored] = await Promise.all([
    db
      .select({
        id: webhookRejections.id,
        receivedAt: webhookRejections.receivedAt,
        reason: webhookRejections.reason,
        bodyBytes: webhookRejections.bodyBytes,
      })
      .from(webhookRejections)
      .orderBy(desc(webhookRejections.receivedAt), desc(webhookRejections.id))
      .limit(limit),
    db.select({ value: count() }).from(webhookRejections).where(gte(webhookRejections.receivedAt, since)),
    rejectionsNotStoredSince(db, since),
  ]);
  return {
    data: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    lastDayCount: counted[0]?.value ?? 0,
    // Beyond a few a minute from one address, failed deliveries are counted but not stored.
    lastDayNotStored: notStored,
    storedPerAddressPerMinute: REJECTION_LIMITS.storedPerAddressPerMinute,
  };
}
