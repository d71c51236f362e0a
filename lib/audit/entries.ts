import { and, desc, eq, gte, ilike, lt, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents } from "../db/schema";

/** The audit log's filters, as the list and the export take them from the query string. */
export const auditFiltersSchema = z.strictObject({
  actor: z.string().max(320).optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(300).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  outcome: z.enum(["allowed", "refused", "failed"]).optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The log's filters as SQL: who (part of an email), an action or its family, a target, a time range, an outcome. */
export function auditMatching(query: AuditFilters & { cursor?: string | undefined }): SQL | undefined {
  return and(
    query.actor ? ilike(auditEvents.actorEmail, `%${query.actor.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
    query.action
      ? or(
          eq(auditEvents.action, query.action),
          ilike(auditEvents.action, `${query.action.replace(/[%_\\]/g, "\\$&")}.%`),
        )
      : undefined,
    query.target ? eq(auditEvents.targetId, query.target) : undefined,
    query.from ? gte(auditEvents.occurredAt, new Date(query.from)) : undefined,
    query.to ? lte(auditEvents.occurredAt, new Date(query.to)) : undefined,
    query.outcome ? eq(auditEvents.outcome, query.outcome) : undefined,
    query.cursor ? lt(auditEvents.id, Number(query.cursor)) : undefined,
  );
}

export type AuditRow = typeof auditEvents.$inferSelect;

/** How many entries the export reads at a time: its memory stays bounded however long the log. */
const EXPORT_BATCH = 1_000;

/**
 * Every entry the filters match, newest first, in batches along the id (which only grows), so entries written
 * while the export runs are left out rather than shifting what is read, and each batch is one index range scan.
 */
export async function* walkAuditEvents(
  db: ConsoleDatabase,
  query: AuditFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<AuditRow[], void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(auditMatching({ ...query, cursor }))
      .orderBy(desc(auditEvents.id))
      .limit(batch);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    cursor = String(last.id);
  }
}
