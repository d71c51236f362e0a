// GET /api/config/history — who changed the platform configuration, what and when, from the audit log
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { noticeOutsideChanges, OUTSIDE_CHANGE_ACTION } from "@/lib/server/config/outside-changes";
import { getConsoleDatabase } from "@/lib/server/db";
import { auditEvents } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { currentEnvironment } from "@/lib/server/environments/current";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";

export const dynamic = "force-dynamic";

const historyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, "Must be a cursor from a previous page")
    .optional(),
});

// Only changes that took effect (not proposals waiting for a second admin): refused and failed attempts are in the audit log, for those who may read it.
export const GET = consoleRoute(
  { permission: "read", action: "config.history" },
  async ({ request, requestId }) => {
    const { limit, cursor } = parseQuery(historyQuerySchema, request, "The query is not valid.");
    // The first page reads the API's configuration once: a change made at the API directly shows as an entry of its own.
    if (!cursor) await noticeOutsideChanges(requestId);
    const rows = await getConsoleDatabase()
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        actorEmail: auditEvents.actorEmail,
        actorRole: auditEvents.actorRole,
        requestId: auditEvents.requestId,
        summary: auditEvents.summary,
      })
      .from(auditEvents)
      .where(
        and(
          inArray(auditEvents.action, ["config.update", OUTSIDE_CHANGE_ACTION]),
          eq(auditEvents.outcome, "allowed"),
          // A change stored for a second admin (four-eyes) took no effect yet: its approval's row is the change.
          sql`${auditEvents.summary}->>'fourEyes' is distinct from 'proposed'`,
          // This environment's configuration (changes recorded before the console held two were its first's).
          sql`coalesce(${auditEvents.summary}->>'environment', ${env().PAYMENT_API_ENVIRONMENT}) = ${currentEnvironment()}`,
          cursor ? lt(auditEvents.id, Number(cursor)) : undefined,
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(limit + 1);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    return Response.json(
      {
        data: data.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
        hasMore: rows.length > limit,
        ...(rows.length > limit && last ? { nextCursor: String(last.id) } : {}),
      },
      { headers: NO_STORE },
    );
  },
);
