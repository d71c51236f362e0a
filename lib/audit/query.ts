import "server-only";
import { desc } from "drizzle-orm";
import { z } from "zod";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";
import { auditMatching } from "./entries";

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

/** The whole filtered log, for the export: the list's filters without its page size or cursor (refused). */
export const exportAuditQuerySchema = listAuditQuerySchema.omit({ limit: true, cursor: true });

/** The audit log, newest first, keyset-paginated on its id. */
export async function listAuditEvents(query: ListAuditQuery) {
  const rows = await getConsoleDatabase()
    .select()
    .from(auditEvents)
    .where(auditMatching(query))
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
