import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { invitationSchema } from "../../../shared/contract";
import type { RecentInvitation } from "../../universal/console-api/types";
import { getConsoleDatabase } from "../db";
import { auditEvents, users, webhookEvents } from "../db/schema";
import { env } from "../env";
import { currentEnvironment } from "../environments/current";
import { readApi } from "../payment-api/read";

/** How many invitations the list shows: the API has no list, so each is read from it by code. */
const RECENT_INVITATIONS = 50;
const PARALLEL_READS = 8;

export type { RecentInvitation };

/**
 * The invitations this console knows of, newest first: those created through it (its audit log holds each
 * accepted `invitation.create` with the code) and those whose claim it was told of (INVITATION_CLAIMED webhooks),
 * each read from the payment API for its current status. The API offers no list of invitations (api-notes §8).
 */
export async function recentInvitations(): Promise<RecentInvitation[]> {
  const db = getConsoleDatabase();
  const [created, claimed] = await Promise.all([
    db
      .select({
        code: auditEvents.targetId,
        at: auditEvents.occurredAt,
        email: auditEvents.actorEmail,
        name: users.name,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(
        and(
          eq(auditEvents.action, "invitation.create"),
          eq(auditEvents.outcome, "allowed"),
          // This environment's invitations (those recorded before the console held two were its first's).
          sql`coalesce(${auditEvents.summary}->>'environment', ${env().PAYMENT_API_ENVIRONMENT}) = ${currentEnvironment()}`,
          isNotNull(auditEvents.targetId),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(RECENT_INVITATIONS),
    db
      .select({
        code: sql<string | null>`${webhookEvents.payload} -> 'invitation' ->> 'code'`,
        at: webhookEvents.receivedAt,
      })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.type, "INVITATION_CLAIMED"),
          eq(webhookEvents.environment, currentEnvironment()),
        ),
      )
      .orderBy(desc(webhookEvents.id))
      .limit(RECENT_INVITATIONS),
  ]);

  const known = new Map<string, Omit<RecentInvitation, "invitation">>();
  for (const row of created) {
    if (row.code && !known.has(row.code)) {
      known.set(row.code, {
        code: row.code,
        source: "console",
        createdBy: { name: row.name, email: row.email },
        knownAt: row.at.toISOString(),
      });
    }
  }
  for (const row of claimed) {
    if (row.code && !known.has(row.code)) {
      known.set(row.code, {
        code: row.code,
        source: "webhook",
        createdBy: null,
        knownAt: row.at.toISOString(),
      });
    }
  }
  const entries = [...known.values()]
    .sort((a, b) => b.knownAt.localeCompare(a.knownAt))
    .slice(0, RECENT_INVITATIONS);
  return mapLimited(entries, PARALLEL_READS, async (entry) => {
    try {
      const invitation = await readApi(`/invitations/${encodeURIComponent(entry.code)}`, invitationSchema);
      return { ...entry, invitation };
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : "The payment API could not be asked about it.";
      return { ...entry, invitation: null, error: message };
    }
  });
}

/** `work` over `items` with at most `limit` running at once, results in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
