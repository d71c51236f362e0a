import { and, eq, gt, sql } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import { signInAttempts } from "../db/schema";

export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Failed sign-ins in the last window, per account and per address. The counts live in PostgreSQL, so the limit
 * holds however many console instances share the database.
 */
export async function isSignInLocked(db: ConsoleDatabase, email: string, address: string): Promise<boolean> {
  const since = sql`now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`;
  const [byAccount, byAddress] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.email, email.toLowerCase()),
          eq(signInAttempts.succeeded, false),
          gt(signInAttempts.attemptedAt, since),
        ),
      ),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.address, address),
          eq(signInAttempts.succeeded, false),
          gt(signInAttempts.attemptedAt, since),
        ),
      ),
  ]);
  return (
    (byAccount[0]?.count ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
    (byAddress[0]?.count ?? 0) >= MAX_FAILURES_PER_ADDRESS
  );
}

export async function recordSignInAttempt(
  db: ConsoleDatabase,
  email: string,
  address: string,
  succeeded: boolean,
) {
  await db.insert(signInAttempts).values({ email: email.toLowerCase(), address, succeeded });
}
