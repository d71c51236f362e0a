import "server-only";
import { and, desc, eq, gte, ilike, inArray, lt, lte, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { type AuditFilters, auditFiltersSchema } from "../../universal/console-api/audit-filters";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, users } from "../db/schema";

export { type AuditFilters, auditFiltersSchema };

/** An attempt whose outcome was never written (looked up on the request id's index). */
const withoutOutcome = notExists(
  sql`(SELECT 1 FROM audit_events AS outcomes WHERE outcomes.request_id = ${auditEvents.requestId} AND outcomes.outcome <> 'attempted')`,
);

/** A whole address: matched as it is, so one officer's actions are not mixed with second-officer@'s. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Who: a whole address is that person alone (case aside); anything else is part of an address or of a member's
 * name ("Carla" finds carla@… and Carla Compliance's rows under whatever address).
 */
function whoMatches(who: string, like: (value: string) => string): SQL | undefined {
  const text = who.trim();
  if (WHOLE_EMAIL.test(text)) return sql`lower(${auditEvents.actorEmail}) = ${text.toLowerCase()}`;
  return or(
    ilike(auditEvents.actorEmail, `%${like(text)}%`),
    inArray(
      auditEvents.actorEmail,
      sql`(SELECT ${users.email} FROM ${users} WHERE ${users.name} ILIKE ${`%${like(text)}%`})`,
    ),
  );
}

/**
 * The log's filters as SQL: who (a whole address, or part of an address or a name), an action or its family, a target, a request, a time range, an
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
    query.actor ? whoMatches(query.actor, like) : undefined,
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
