import "server-only";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import { signInAttempts } from "../db/schema";
import { clientAddress } from "../http/client-address";
import { knownDevice } from "./device-cookie";

/**
 * Failed password checks (sign-ins, and the current password when changing it) allowed in any sliding hour.
 * A browser the account has signed in with before (a known device, lib/server/auth/device-cookie.ts) counts on its own;
 * every other client counts against the account, all together, and against its address. So at most
 * MAX_UNKNOWN_FAILURES_PER_ACCOUNT guesses an hour reach an account from anyone who never signed in to it, and a
 * stranger who spends them locks out unknown browsers only, never the person on their usual one.
 */
const SIGN_IN_WINDOW_MINUTES = 60;
export const MAX_UNKNOWN_FAILURES_PER_ACCOUNT = 10;
export const MAX_UNKNOWN_FAILURES_PER_ADDRESS = 30;
export const MAX_FAILURES_PER_DEVICE = 10;

/** Who is guessing: the account, the client's address and, from a known browser, its device id. */
export interface SignInSource {
  email: string;
  address: string;
  device: string | null;
}

export function signInSource(headers: Headers, email: string, secret: string): SignInSource {
  const account = email.toLowerCase();
  return {
    email: account,
    address: clientAddress(headers),
    device: knownDevice(headers.get("cookie"), secret, account),
  };
}

export type SignInAttempt = { locked: true } | { locked: false; id: number };

async function overAllowance(db: ConsoleDatabase, source: SignInSource): Promise<boolean> {
  const recent = and(
    eq(signInAttempts.succeeded, false),
    gt(signInAttempts.attemptedAt, sql`now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`),
  );
  if (source.device !== null) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(and(recent, eq(signInAttempts.device, source.device)));
    return (row?.count ?? 0) > MAX_FAILURES_PER_DEVICE;
  }
  const [row] = await db
    .select({
      account: sql<number>`(count(*) filter (where ${signInAttempts.email} = ${source.email}))::int`,
      address: sql<number>`(count(*) filter (where ${signInAttempts.address} = ${source.address}))::int`,
    })
    .from(signInAttempts)
    .where(
      and(
        recent,
        isNull(signInAttempts.device),
        or(eq(signInAttempts.email, source.email), eq(signInAttempts.address, source.address)),
      ),
    );
  return (
    (row?.account ?? 0) > MAX_UNKNOWN_FAILURES_PER_ACCOUNT ||
    (row?.address ?? 0) > MAX_UNKNOWN_FAILURES_PER_ADDRESS
  );
}

/**
 * Takes a guess from the allowance before the password is checked: the attempt is stored as a failure first and
 * then counted with every other stored one, its own included. The k-th attempt to be stored counts at least k,
 * so however many arrive at once, on however many console instances, no more than the allowance is checked.
 * A refused attempt is not kept: it was no guess.
 */
export async function startSignInAttempt(db: ConsoleDatabase, source: SignInSource): Promise<SignInAttempt> {
  const [row] = await db
    .insert(signInAttempts)
    .values({
      email: source.email.toLowerCase(),
      address: source.address,
      device: source.device,
      succeeded: false,
    })
    .returning({ id: signInAttempts.id });
  if (!row) throw new Error("the sign-in attempt was not stored");
  if (await overAllowance(db, { ...source, email: source.email.toLowerCase() })) {
    await db.delete(signInAttempts).where(eq(signInAttempts.id, row.id));
    return { locked: true };
  }
  return { locked: false, id: row.id };
}

/** The password was right: the attempt no longer counts against anyone. */
export async function endSignInAttempt(db: ConsoleDatabase, attempt: { id: number }, succeeded: boolean) {
  if (succeeded)
    await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attempt.id));
}
