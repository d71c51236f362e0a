import "server-only";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { departureOfStatus } from "../../universal/approvals/departure";
import type { ScreeningRecord } from "../../universal/screening/records";
import { getConsoleDatabase } from "../db";
import { webhookEvents } from "../db/schema";
import { currentEnvironment } from "../environments/current";

/**
 * Payment screenings as they read now: one whose payment has ended since (its INCOMING_PAYMENT webhook said it timed
 * out, failed, or was rejected or approved) says so (`paymentEnded`). Its match stays to be decided, for the record
 * (a listed sender's attempt is reported whatever became of it), but a confirmation no longer rejects anything, and
 * the decision's words say so.
 */
export async function withPaymentEndings(records: ScreeningRecord[]): Promise<ScreeningRecord[]> {
  const ids = [...new Set(records.filter((r) => r.subjectType === "payment").map((r) => r.subjectId))];
  if (ids.length === 0) return records;
  const rows = await getConsoleDatabase()
    .selectDistinctOn([webhookEvents.transactionId], {
      transactionId: webhookEvents.transactionId,
      status: webhookEvents.transactionStatus,
      receivedAt: webhookEvents.receivedAt,
      failureReason: sql<string | null>`${webhookEvents.payload}->'transaction'->>'failureReason'`,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.environment, currentEnvironment()),
        eq(webhookEvents.type, "INCOMING_PAYMENT"),
        inArray(webhookEvents.transactionId, ids),
        ne(webhookEvents.transactionStatus, "PENDING"),
      ),
    )
    .orderBy(webhookEvents.transactionId, desc(webhookEvents.receivedAt), desc(webhookEvents.id));
  const ended = new Map(
    rows.flatMap((row) => {
      const departure = departureOfStatus(
        row.status ?? undefined,
        row.failureReason ?? undefined,
        row.receivedAt.toISOString(),
      );
      return row.transactionId && departure ? [[row.transactionId, departure] as const] : [];
    }),
  );
  if (ended.size === 0) return records;
  return records.map((record) => {
    const departure = record.subjectType === "payment" ? ended.get(record.subjectId) : undefined;
    return departure ? { ...record, paymentEnded: departure } : record;
  });
}
