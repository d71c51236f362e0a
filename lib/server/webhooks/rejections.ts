import "server-only";
import { sql } from "drizzle-orm";
import { storableString } from "../../universal/text/storable";
import type { ConsoleDatabase } from "../db/client";
import { webhookRejectionCounts, webhookRejections } from "../db/schema";

/** How far failed deliveries are kept (docs/SECURITY.md, "Rejected webhooks flooded"). */
export const REJECTION_LIMITS = {
  /** Rejections stored per sending address and minute; beyond it they are only counted. */
  storedPerAddressPerMinute: 20,
  /** Rows kept at most, the newest, and for at most this many days. */
  keepRows: 1_000,
  keepDays: 7,
  /** Bytes of a rejected body kept to show what arrived. */
  excerptBytes: 256,
};
export type RejectionLimits = typeof REJECTION_LIMITS;

export interface Rejection {
  address: string;
  reason: string;
  /** The body's first bytes (no more than `excerptBytes` are kept). */
  excerpt: Uint8Array;
  bodyBytes: number;
}

/**
 * Counts a delivery that failed verification against its address's minute, in PostgreSQL so the limit holds across
 * console instances, and stores it only while the address is within its limit, pruning to the newest rows. Returns
 * whether it was stored.
 */
export async function recordRejection(
  db: ConsoleDatabase,
  rejection: Rejection,
  limits: RejectionLimits = REJECTION_LIMITS,
): Promise<boolean> {
  // Every rejection of a flood from one address updates one row, so each waits for the one before it to commit.
  // Committed without waiting for the disk (a count lost to a crash costs nothing), that wait is not a flush each.
  const counted = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const [row] = await tx
      .insert(webhookRejectionCounts)
      .values({
        address: storableString(rejection.address).slice(0, 100),
        windowStart: sql`date_trunc('minute', now())`,
        received: 1,
      })
      .onConflictDoUpdate({
        target: [webhookRejectionCounts.address, webhookRejectionCounts.windowStart],
        set: { received: sql`${webhookRejectionCounts.received} + 1` },
      })
      .returning({ received: webhookRejectionCounts.received });
    return row;
  });
  if ((counted?.received ?? 0) > limits.storedPerAddressPerMinute) return false;
  await db.insert(webhookRejections).values({
    reason: rejection.reason,
    bodyExcerpt: excerptText(rejection.excerpt, limits.excerptBytes),
    bodyBytes: rejection.bodyBytes,
  });
  await pruneRejections(db, limits);
  return true;
}

/** Failed deliveries of the last day that were counted but not stored. */
export async function rejectionsNotStoredSince(
  db: ConsoleDatabase,
  since: Date,
  limits: RejectionLimits = REJECTION_LIMITS,
): Promise<number> {
  const [row] = await db
    .select({
      value: sql<number>`coalesce(sum(greatest(${webhookRejectionCounts.received} - ${limits.storedPerAddressPerMinute}, 0)), 0)::int`,
    })
    .from(webhookRejectionCounts)
    .where(
      sql`${webhookRejectionCounts.windowStart} >= date_trunc('minute', ${since.toISOString()}::timestamptz)`,
    );
  return row?.value ?? 0;
}

/** The excerpt as storable text: a character cut at the end becomes U+FFFD, and so does a NUL. */
export function excerptText(bytes: Uint8Array, excerptBytes: number): string {
  return storableString(Buffer.from(bytes.subarray(0, excerptBytes)).toString("utf8"));
}

async function pruneRejections(db: ConsoleDatabase, limits: RejectionLimits): Promise<void> {
  const days = sql`make_interval(days => ${limits.keepDays})`;
  await db.execute(sql`
    delete from ${webhookRejections}
     where ${webhookRejections.receivedAt} < now() - ${days}
        or ${webhookRejections.id} <= (
             select id from ${webhookRejections} order by id desc offset ${limits.keepRows} limit 1)`);
  await db.execute(
    sql`delete from ${webhookRejectionCounts} where ${webhookRejectionCounts.windowStart} < now() - ${days}`,
  );
}
