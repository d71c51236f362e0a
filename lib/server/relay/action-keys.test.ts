import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import {
  awaitFirstAnswer,
  claimActionKey,
  completeActionKey,
  type KeptAnswer,
  type KeyStore,
  requestFingerprint,
} from "./action-keys";
import { type AnswerWait, AnswerWaits } from "./answer-waits";

/**
 * The real waits, telling the test when a repeat has read its key and begun waiting: awaitFirstAnswer reads
 * `done` only after its read found the first request still under way.
 */
class WatchedWaits extends AnswerWaits {
  private reached: (() => void) | null = null;

  /** Resolves when the next wait is being waited on. */
  nextWaitReached(): Promise<void> {
    return new Promise((resolve) => {
      this.reached = resolve;
    });
  }

  override wait(tag: string, ms: number): AnswerWait {
    const real = super.wait(tag, ms);
    const watched = this;
    return {
      cancel: real.cancel,
      get done() {
        watched.reached?.();
        watched.reached = null;
        return real.done;
      },
    };
  }
}

let url: string;
let db: ConsoleDatabase;
/** The console instance running the first request, and another one receiving its repeat. */
let first: KeyStore;
let second: KeyStore;

beforeAll(async () => {
  url = await createTestDatabase("action_keys");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 4 });
  first = { db, waits: new AnswerWaits(url) };
  second = { db: createConsoleDatabase(url, { max: 2 }), waits: new AnswerWaits(url) };
});

afterAll(async () => {
  await Promise.all([first.waits.close(), second.waits.close()]);
  await Promise.all([db.pool.end(), second.db.pool.end()]);
});

const ANSWER: KeptAnswer = {
  status: 201,
  contentType: "application/json",
  body: '{"id":"Quote:1"}',
  outcome: "allowed",
};

async function claimed() {
  const userId = randomUUID();
  const key = `key-${randomUUID()}`;
  const fingerprint = requestFingerprint("POST", "/api/payments/quotes", '{"amount":1}');
  expect(await claimActionKey(userId, key, fingerprint, "req-first", first)).toEqual({ kind: "first" });
  expect(await claimActionKey(userId, key, fingerprint, "req-repeat", second)).toEqual({
    kind: "in-progress",
  });
  return { userId, key, fingerprint };
}

describe("a repeat of an action still under way", () => {
  it("gets the first request's answer as soon as it is kept, from another console instance", async () => {
    const { userId, key, fingerprint } = await claimed();
    await second.waits.listen();
    expect(second.waits.live).toBe(true);
    const started = Date.now();
    const repeat = awaitFirstAnswer(userId, key, fingerprint, 30_000, second);
    // The first request's answer arrives a moment later, on the other instance.
    await new Promise((resolve) => setImmediate(resolve));
    await completeActionKey(userId, key, ANSWER, first);
    expect(await repeat).toEqual({ kind: "repeat", answer: ANSWER });
    // Woken by the notification, not by its time running out.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("reads the key once more when its time is up, so an answer whose notification never came is not missed", async () => {
    const { userId, key, fingerprint } = await claimed();
    const waits = new WatchedWaits(url);
    const waiting = waits.nextWaitReached();
    const repeat = awaitFirstAnswer(userId, key, fingerprint, 1_500, { db: second.db, waits });
    // Once the repeat has read the key and waits, the answer is kept straight in the table, as if its
    // notification had been lost.
    await waiting;
    await db.$client.query(
      "update action_keys set outcome = 'allowed', status = 201, content_type = 'application/json', body = $3 where user_id = $1 and key = $2",
      [userId, key, ANSWER.body],
    );
    expect(await repeat).toEqual({ kind: "repeat", answer: ANSWER });
    await waits.close();
  });

  it("stays in progress when no answer comes within its time", async () => {
    const { userId, key, fingerprint } = await claimed();
    expect(await awaitFirstAnswer(userId, key, fingerprint, 300, second)).toEqual({ kind: "in-progress" });
  });

  it("is told apart from a different request under the same key", async () => {
    const { userId, key } = await claimed();
    const other = requestFingerprint("POST", "/api/payments/quotes", '{"amount":2}');
    expect(await awaitFirstAnswer(userId, key, other, 300, second)).toEqual({ kind: "different-request" });
  });
});
