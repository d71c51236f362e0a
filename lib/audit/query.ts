import "server-only";
import { and, desc, eq, gte, ilike, lt, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";

export const listAuditQuerySchema = z.strictObject({
  actor: z.string().max(320).optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(300).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  outcome: z.enum(["allowed", "refused", "failed"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

/** The audit log, newest first, keyset-paginated on its id. */
export async function listAuditEvents(query: ListAuditQuery) {
  const conditions: (SQL | undefined)[] = [
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
  ];
  const rows = await getConsoleDatabase()
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
    hasMore: rows.length > query.limit,
    ...(rows.length > query.limit && last ? { nextCursor: String(last.id) } : {}),
  };
}
