import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { ConfigHistoryPage } from "../../universal/console-api/types";
import { getConsoleDatabase } from "../db";
import { keysetPageWithCount } from "../db/count-up-to";
import { auditEvents } from "../db/schema";
import { env } from "../env";
import { currentEnvironment } from "../environments/current";
import { nameOf, namesByEmail } from "../team/names-by-email";
import { noticeOutsideChanges, OUTSIDE_CHANGE_ACTION } from "./outside-changes";

/** GET /api/config/history's query: a page size and the cursor of the page before. */
export const historyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, "Must be a cursor from a previous page")
    .optional(),
});

/**
 * Who changed the platform configuration, what and when, from the audit log, newest first. Only changes that took
 * effect (not proposals waiting for a second admin): refused and failed attempts are in the audit log, for those
 * who may read it.
 */
export async function listConfigHistory(
  { limit, cursor }: z.output<typeof historyQuerySchema>,
  requestId: string,
  { noticeOutside = true }: { noticeOutside?: boolean } = {},
): Promise<ConfigHistoryPage> {
  // The first page reads the API's configuration once: a change made at the API directly shows as an entry of its own.
  if (!cursor && noticeOutside) await noticeOutsideChanges(requestId);
  const db = getConsoleDatabase();
  const page = await keysetPageWithCount(
    db,
    {
      table: auditEvents,
      id: auditEvents.id,
      where: and(
        inArray(auditEvents.action, ["config.update", OUTSIDE_CHANGE_ACTION]),
        eq(auditEvents.outcome, "allowed"),
        // A change stored for a second admin (four-eyes) took no effect yet: its approval's row is the change.
        sql`${auditEvents.summary}->>'fourEyes' is distinct from 'proposed'`,
        // This environment's configuration (changes recorded before the console held two were its first's).
        sql`coalesce(${auditEvents.summary}->>'environment', ${env().PAYMENT_API_ENVIRONMENT}) = ${currentEnvironment()}`,
      ),
      cursor,
      limit,
    },
    (where, order, take) =>
      db
        .select({
          id: auditEvents.id,
          occurredAt: auditEvents.occurredAt,
          actorEmail: auditEvents.actorEmail,
          actorRole: auditEvents.actorRole,
          requestId: auditEvents.requestId,
          summary: auditEvents.summary,
        })
        .from(auditEvents)
        .where(where)
        .orderBy(order)
        .limit(take),
  );
  const proposerOf = (summary: Record<string, unknown>) =>
    typeof summary.proposedBy === "string" ? summary.proposedBy : null;
  // Named as the console names people; the email stays for the title (unique where two share a name).
  const names = await namesByEmail(page.data.flatMap((row) => [row.actorEmail, proposerOf(row.summary)]));
  return {
    ...page,
    data: page.data.map((row) => ({
      ...row,
      occurredAt: row.occurredAt.toISOString(),
      actorName: nameOf(names, row.actorEmail),
      proposedByName: nameOf(names, proposerOf(row.summary)),
    })),
  };
}
