import "server-only";
import { z } from "zod";
import { auditRowForReader } from "../../universal/privacy/reason-withheld";
import { getConsoleDatabase } from "../db";
import { keysetPageWithCount } from "../db/count-up-to";
import { auditEvents } from "../db/schema";
import { nameOf, namesByEmail } from "../team/names-by-email";
import { auditFiltersSchema, auditMatching } from "./entries";

/** The list: the log's filters, a page size and a cursor from the previous page. */
export const listAuditQuerySchema = auditFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  // An audit row id: a bigint, at most 18 digits (a longer one would overflow it).
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

/**
 * The audit log, newest first, keyset-paginated on its id: one row per action (its outcome, or its attempt alone).
 * For a reader whose role does not see senders' names, what people wrote about a sender (a rejection's, dismissal's
 * or confirmation's reason) is withheld from the summaries (lib/universal/privacy/reason-withheld.ts).
 */
export async function listAuditEvents(query: ListAuditQuery, reader: { readsSenderReasons: boolean }) {
  const db = getConsoleDatabase();
  const result = await keysetPageWithCount(
    db,
    {
      table: auditEvents,
      id: auditEvents.id,
      where: auditMatching({ ...query, cursor: undefined }, "unanswered"),
      cursor: query.cursor,
      limit: query.limit,
    },
    (where, order, take) => db.select().from(auditEvents).where(where).orderBy(order).limit(take),
  );
  // People by the names the team knows them by, as the configuration's history and the tokens name them.
  const names = await namesByEmail(result.data.map((row) => row.actorEmail));
  return {
    ...result,
    data: result.data.map((row) => {
      // The same function gives the export and the evidence file their rows (decision 0074, amendment).
      const shown = auditRowForReader(row, reader).row;
      return { ...shown, occurredAt: row.occurredAt.toISOString(), actorName: nameOf(names, row.actorEmail) };
    }),
  };
}
