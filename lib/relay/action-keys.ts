import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { ApiError } from "../../shared/api-error";
import { getConsoleDatabase } from "../db";
import { type AuditOutcome, actionKeys } from "../db/schema";

/**
 * The proxy's double-submission guard. The browser sends an Idempotency-Key it makes once per user action
 * (lib/payments/action-keys.ts); the first request with a key is forwarded, a repeat with the same key and the same
 * request gets the first one's answer, whatever it was (accepted, refused, or unknown after a time-out), and is never
 * forwarded. Keys are per person and kept a day.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;
const KEPT_HOURS = 24;
/** Answers longer than this are not kept for a repeat (every JSON answer of the API is far smaller). */
const MAX_KEPT_BODY = 256 * 1024;

export function parseActionKey(value: string | null): string | null {
  if (value === null) return null;
  if (!KEY_PATTERN.test(value)) {
    throw new ApiError(400, "INVALID_INPUT", "Idempotency-Key must be 8 to 100 printable ASCII characters.");
  }
  return value;
}

export function requestFingerprint(method: string, pathAndQuery: string, body: string): string {
  return createHash("sha256").update(`${method} ${pathAndQuery}\n${body}`).digest("hex");
}

export interface KeptAnswer {
  status: number;
  contentType: string;
  body: string;
  outcome: AuditOutcome;
}

export type Claim =
  | { kind: "first" }
  | { kind: "repeat"; answer: KeptAnswer }
  | { kind: "in-progress" }
  | { kind: "different-request" };

/** Claims a key for this request: only the first claim of a key goes ahead. */
export async function claimActionKey(
  userId: string,
  key: string,
  fingerprint: string,
  requestId: string,
): Promise<Claim> {
  const db = getConsoleDatabase();
  // Old keys are swept now and then by whoever claims, so the table stays a day deep without a scheduler.
  if (Math.random() < 0.01) {
    await db
      .delete(actionKeys)
      .where(lt(actionKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`));
  }
  const inserted = await db
    .insert(actionKeys)
    .values({ userId, key, fingerprint, requestId })
    .onConflictDoNothing()
    .returning({ key: actionKeys.key });
  if (inserted.length > 0) return { kind: "first" };
  return readClaim(userId, key, fingerprint);
}

async function readClaim(userId: string, key: string, fingerprint: string): Promise<Claim> {
  const [kept] = await getConsoleDatabase()
    .select()
    .from(actionKeys)
    .where(and(eq(actionKeys.userId, userId), eq(actionKeys.key, key)));
  if (!kept) return { kind: "in-progress" };
  if (kept.fingerprint !== fingerprint) return { kind: "different-request" };
  if (kept.outcome === null || kept.status === null) return { kind: "in-progress" };
  return {
    kind: "repeat",
    answer: {
      status: kept.status,
      contentType: kept.contentType ?? "application/json",
      body: kept.body ?? "",
      outcome: kept.outcome,
    },
  };
}

/**
 * A repeat that arrived while the first request still runs (a double click) waits for its answer, checking every
 * 100 ms for at most `waitMs`.
 */
export async function awaitFirstAnswer(
  userId: string,
  key: string,
  fingerprint: string,
  waitMs: number,
): Promise<Claim> {
  const rounds = Math.max(1, Math.ceil(waitMs / 100));
  for (let round = 0; round < rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const claim = await readClaim(userId, key, fingerprint);
    if (claim.kind !== "in-progress") return claim;
  }
  return { kind: "in-progress" };
}

/** Keeps the first request's answer for its repeats. */
export async function completeActionKey(userId: string, key: string, answer: KeptAnswer): Promise<void> {
  const kept = Buffer.byteLength(answer.body) <= MAX_KEPT_BODY;
  await getConsoleDatabase()
    .update(actionKeys)
    .set({
      outcome: answer.outcome,
      status: answer.status,
      contentType: answer.contentType,
      body: kept
        ? answer.body
        : JSON.stringify({ status: answer.status, message: "The answer was too long to keep." }),
    })
    .where(and(eq(actionKeys.userId, userId), eq(actionKeys.key, key)));
}

/** Gives a key back when its request was not forwarded (the attempt could not be recorded), so a retry may go. */
export async function releaseActionKey(userId: string, key: string): Promise<void> {
  await getConsoleDatabase()
    .delete(actionKeys)
    .where(and(eq(actionKeys.userId, userId), eq(actionKeys.key, key)));
}
