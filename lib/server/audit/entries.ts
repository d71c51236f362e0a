import "server-only";
import { and, desc, eq, gte, ilike, lt, lte, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { type AuditFilters, auditFiltersSchema } from "../../universal/console-api/audit-filters";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents } from "../db/schema";

export { type AuditFilters, auditFiltersSchema };

/** An attempt whose outcome was never written (looked up on the request id's index). */
const withoutOutcome = notExists(
  sql`(SELECT 1 FROM audit_events AS outcomes WHERE outcomes.request_id = ${auditEvents.requestId} AND outcomes.outcome <> 'attempted')`,
);

/**
 * The log's filters as SQL: who (part of an email), an action or its family, a target, a request, a time range, an
 * outcome. Every action is an attempt row followed by its outcome row; a list (`attempts: "unanswered"`) shows an
 * attempt only when no outcome followed it, an export (`attempts: "all"`) keeps every row, as an auditor checking
 * the chain needs.
 */
export function auditMatching(
  query: AuditFilters & { cursor?: string | undefined },
  attempts: "all" | "unanswered",
): SQL | undefined {
  const like = (value: string) => value.replace(/[%_\\]/g, "\\$&");
  return and(
    query.actor ? ilike(auditEvents.actorEmail, `%${like(query.actor)}%`) : undefined,
    query.action
      ? or(eq(auditEvents.action, query.action), ilike(auditEvents.action, `${like(query.action)}.%`))
      : undefined,
    query.target ? eq(auditEvents.targetId, query.target) : undefined,
    query.request
      ? or(eq(auditEvents.requestId, query.request), eq(auditEvents.clientRequestId, query.request))
      : undefined,
    query.from ? gte(auditEvents.occurredAt, new Date(query.from)) : undefined,
    query.to ? lte(auditEvents.occurredAt, new Date(query.to)) : undefined,
    query.outcome === "attempted"
      ? and(eq(auditEvents.outcome, "attempted"), withoutOutcome)
      : query.outcome
        ? eq(auditEvents.outcome, query.outcome)
        : attempts === "unanswered"
          ? or(ne(auditEvents.outcome, "attempted"), withoutOutcome)
          : undefined,
    query.cursor ? lt(auditEvents.id, Number(query.cursor)) : undefined,
  );
}

/** A row as read for the export: the summary also as the exact text the chain hashed. */
export type AuditRow = typeof auditEvents.$inferSelect & { summaryText: string };

/** How many entries the export reads at a time: its memory stays bounded however long the log. */
const EXPORT_BATCH = 1_000;

/**
 * Every entry the filters match, attempts included, newest first, in batches along the id (which only grows), so
 * entries written while the export runs are left out rather than shifting what is read, and each batch is one index
 * range scan.
 */
export async function* walkAuditEvents(
  db: ConsoleDatabase,
  query: AuditFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<AuditRow[], void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db
      .select({ row: auditEvents, summaryText: sql<string>`${auditEvents.summary}::text` })
      .from(auditEvents)
      .where(auditMatching({ ...query, cursor }, "all"))
      .orderBy(desc(auditEvents.id))
      .limit(batch);
    if (rows.length > 0) yield rows.map(({ row, summaryText }) => ({ ...row, summaryText }));
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    cursor = String(last.row.id);
  }
}
