import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { getConsoleDatabase } from "../db";
import type { ConsoleDatabase } from "../db/client";
import { type AuditOutcome, actionKeys } from "../db/schema";
import { env } from "../env";
import { type AnswerWaits, announceKeyChange, answerWaits, keyTag } from "./answer-waits";

/**
 * The proxy's double-submission guard. The browser sends an Idempotency-Key it makes once per user action
 * (lib/universal/api/action-keys.ts); the first request with a key is forwarded, a repeat with the same key and the same
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

/** Where keys are kept and how a repeat hears of its first answer: the process's own unless a test gives one. */
export interface KeyStore {
  db: ConsoleDatabase;
  waits: AnswerWaits;
}

function processStore(): KeyStore {
  return { db: getConsoleDatabase(), waits: answerWaits(env().DATABASE_URL) };
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
  store: KeyStore = processStore(),
): Promise<Claim> {
  const db = store.db;
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
  return readClaim(db, userId, key, fingerprint);
}

async function readClaim(
  db: ConsoleDatabase,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<Claim> {
  const [kept] = await db
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
 * A repeat that arrived while the first request still runs (a double click) waits for its answer, for at most
 * `waitMs`: woken by the notification completeActionKey sends as the answer is kept, from whichever console
 * instance ran the first request (lib/server/relay/answer-waits.ts), and reading the key once more when the time is up so
 * an answer whose notification was lost is not missed.
 */
export async function awaitFirstAnswer(
  userId: string,
  key: string,
  fingerprint: string,
  waitMs: number,
  store: KeyStore = processStore(),
): Promise<Claim> {
  const tag = keyTag(userId, key);
  const deadline = Date.now() + waitMs;
  await store.waits.listen();
  for (let remaining = waitMs; remaining > 0; remaining = deadline - Date.now()) {
    // Waiting before reading: an answer kept between the read and the wait still wakes it.
    const wait = store.waits.wait(tag, remaining);
    const claim = await readClaim(store.db, userId, key, fingerprint);
    if (claim.kind !== "in-progress") {
      wait.cancel();
      return claim;
    }
    await wait.done;
  }
  return readClaim(store.db, userId, key, fingerprint);
}

/** Keeps the first request's answer for its repeats. */
export async function completeActionKey(
  userId: string,
  key: string,
  answer: KeptAnswer,
  store: KeyStore = processStore(),
): Promise<void> {
  const kept = Buffer.byteLength(answer.body) <= MAX_KEPT_BODY;
  await store.db
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
  await announceKeyChange(store.db, userId, key);
}

/** Gives a key back when its request was not forwarded (the attempt could not be recorded), so a retry may go. */
export async function releaseActionKey(
  userId: string,
  key: string,
  store: KeyStore = processStore(),
): Promise<void> {
  await store.db.delete(actionKeys).where(and(eq(actionKeys.userId, userId), eq(actionKeys.key, key)));
}
