import "server-only";
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Environment } from "../../universal/auth/permissions";
import { getConsoleDatabase } from "../db";
import { tokenRecords, users } from "../db/schema";

export type TokenRecord = typeof tokenRecords.$inferSelect;
export type NewTokenRecord = typeof tokenRecords.$inferInsert;

/** Records a token the console just created (its id from the API's answer). */
export async function insertTokenRecord(record: NewTokenRecord): Promise<void> {
  await getConsoleDatabase().insert(tokenRecords).values(record).onConflictDoNothing();
}

export async function tokenRecordsOf(tokenIds: readonly string[]): Promise<TokenRecord[]> {
  if (tokenIds.length === 0) return [];
  return getConsoleDatabase()
    .select()
    .from(tokenRecords)
    .where(inArray(tokenRecords.tokenId, [...tokenIds]));
}

/** Why a live token is revoked by the console. */
export type RevocationReason = "expired" | "uncollected" | "creator-left";

/**
 * Tokens of `environment` still live at the API by the console's record that are due for revocation: past their
 * expiry, their sealed secret not collected in time, or their creator no longer standing as they did when it was
 * made (disabled, in another role since, or gone): the person who holds its secret has lost the right to it.
 */
export async function dueForRevocation(
  environment: Environment,
  now: Date,
  createdById?: string,
): Promise<(TokenRecord & { reason: RevocationReason })[]> {
  const creatorLeft = or(
    isNull(users.id),
    isNotNull(users.disabledAt),
    gt(users.roleSince, tokenRecords.createdAt),
  );
  const rows = await getConsoleDatabase()
    .select({ record: tokenRecords, creatorLeft: sql<boolean>`${creatorLeft}` })
    .from(tokenRecords)
    .leftJoin(users, eq(users.id, tokenRecords.createdById))
    .where(
      and(
        eq(tokenRecords.environment, environment),
        isNull(tokenRecords.revokedAt),
        createdById === undefined ? undefined : eq(tokenRecords.createdById, createdById),
        or(
          lt(tokenRecords.expiresAt, now),
          and(isNotNull(tokenRecords.secretSealed), lt(tokenRecords.secretCollectBy, now)),
          creatorLeft,
        ),
      ),
    )
    .limit(50);
  return rows.map(({ record, creatorLeft: left }) => ({
    ...record,
    reason: left ? "creator-left" : record.expiresAt < now ? "expired" : "uncollected",
  }));
}

/** Marks a token revoked and drops any secret still waiting for it. */
export async function markRevoked(tokenId: string, at: Date): Promise<void> {
  await getConsoleDatabase()
    .update(tokenRecords)
    .set({ revokedAt: at, secretSealed: null, secretCollectBy: null })
    .where(eq(tokenRecords.tokenId, tokenId));
}

/** The tokens whose secret waits for `userId` to collect it (newest first is not needed: a handful at most). */
export async function secretsWaitingFor(userId: string, environment: Environment): Promise<TokenRecord[]> {
  return getConsoleDatabase()
    .select()
    .from(tokenRecords)
    .where(
      and(
        eq(tokenRecords.createdById, userId),
        eq(tokenRecords.environment, environment),
        isNotNull(tokenRecords.secretSealed),
        isNull(tokenRecords.revokedAt),
      ),
    );
}

/**
 * Takes a waiting secret once: the sealed form is cleared in the same statement that reads it, so two collections
 * at the same moment cannot both get it. Null when there is none (collected, expired, or not this person's).
 */
export async function takeSealedSecret(
  tokenId: string,
  userId: string,
  now: Date,
): Promise<{ record: TokenRecord; sealed: string } | null> {
  const db = getConsoleDatabase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tokenRecords)
      .where(
        and(
          eq(tokenRecords.tokenId, tokenId),
          eq(tokenRecords.createdById, userId),
          isNotNull(tokenRecords.secretSealed),
          isNull(tokenRecords.revokedAt),
        ),
      )
      .for("update");
    if (!row?.secretSealed || (row.secretCollectBy && row.secretCollectBy < now)) return null;
    await tx
      .update(tokenRecords)
      .set({ secretSealed: null, secretCollectBy: null })
      .where(eq(tokenRecords.tokenId, tokenId));
    return { record: row, sealed: row.secretSealed };
  });
}
