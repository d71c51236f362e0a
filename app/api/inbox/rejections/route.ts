// GET /api/inbox/rejections — recent webhook deliveries that failed signature verification, newest first
import { count, desc, gte } from "drizzle-orm";
import { z } from "zod";
import { getConsoleDatabase } from "@/lib/server/db";
import { webhookRejections } from "@/lib/server/db/schema";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { REJECTION_LIMITS, rejectionsNotStoredSince } from "@/lib/server/webhooks/rejections";

export const dynamic = "force-dynamic";

const querySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

// Bodies are left out: a delivery that failed verification is untrusted input, and the reason and size say
// enough to notice a wrong key or an attack; the webhooks area shows the rest to those who debug it.
export const GET = consoleRoute(
  { permission: "read", action: "webhooks.rejections" },
  async ({ request }) => {
    const { limit } = parseQuery(querySchema, request, "limit must be a whole number from 1 to 50.");
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
    return Response.json(
      {
        data: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
        lastDayCount: counted[0]?.value ?? 0,
        // Beyond a few a minute from one address, failed deliveries are counted but not stored.
        lastDayNotStored: notStored,
        storedPerAddressPerMinute: REJECTION_LIMITS.storedPerAddressPerMinute,
      },
      { headers: NO_STORE },
    );
  },
);
