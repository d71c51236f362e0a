import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { getConsoleDatabase } from "../db";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";

/** When the user got their current role (users.role_since); null for no such user. */
export async function roleSinceOf(
  userId: string,
  db: ConsoleDatabase = getConsoleDatabase(),
): Promise<Date | null> {
  const [row] = await db.select({ roleSince: users.roleSince }).from(users).where(eq(users.id, userId));
  return row?.roleSince ?? null;
}

/**
 * An account cannot be the second person on something that existed before the account or its role did (issue 46
 * item 2): otherwise an admin creates or raises an account after proposing, signs in as it and approves their own
 * proposal, or gives the second approval on a payment they approved first. 409 SECOND_PERSON_TOO_NEW.
 */
export async function requireRoleBefore(
  userId: string,
  existedSince: Date,
  what: string,
  db: ConsoleDatabase = getConsoleDatabase(),
): Promise<void> {
  const since = await roleSinceOf(userId, db);
  if (since === null || since.getTime() > existedSince.getTime()) {
    throw new ApiError(
      409,
      "SECOND_PERSON_TOO_NEW",
      `Your account got its role after this ${what} was made, so it cannot be the second person on it. Someone who held the role before must decide.`,
      { roleSince: since?.toISOString() ?? null, existedSince: existedSince.toISOString() },
    );
  }
}

/**
 * Whether the first person of a four-eyes pair still stands as they did when they acted at `actedAt`: an account
 * that exists, is not disabled, and has held its role since (a role change, or being disabled and enabled again,
 * moves `role_since` past it). A first approval or proposal from someone disabled or moved since does not count.
 */
export async function firstPersonStands(
  userId: string,
  actedAt: Date,
  db: Pick<ConsoleDatabase, "select"> = getConsoleDatabase(),
): Promise<boolean> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt, roleSince: users.roleSince })
    .from(users)
    .where(eq(users.id, userId));
  return !!row && row.disabledAt === null && row.roleSince.getTime() <= actedAt.getTime();
}

/**
 * 409 PROPOSER_LEFT: what a proposal whose proposer no longer stands answers to the person asked to approve it;
 * `closed` when it was closed for that reason (else it waits for someone to decline it).
 */
export function proposerLeft(what: string, closed = true): ApiError {
  const next = closed
    ? "so it cannot be approved and is now closed. Propose it again yourself if it is still wanted."
    : "so it cannot be put in force. Decline it, and propose it again yourself if it is still wanted.";
  return new ApiError(
    409,
    "PROPOSER_LEFT",
    `Whoever proposed this ${what} has been disabled or moved to another role since, ${next}`,
  );
}
