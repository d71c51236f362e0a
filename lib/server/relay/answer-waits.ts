import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { ChannelListener } from "../db/channel-listener";
import type { ConsoleDatabase } from "../db/client";

/** The channel on which a kept first answer is announced, with its key's tag, to every console instance. */
const ACTION_KEYS_CHANNEL = "console_action_keys";
/** While the LISTEN connection is down, a waiting repeat re-reads its key this often instead. */
const UNHEARD_RECHECK_MS = 1_000;

/** A key's name on the channel: neither the person's id nor the key goes over it. */
export function keyTag(userId: string, key: string): string {
  return createHash("sha256").update(`${userId}\n${key}`).digest("hex").slice(0, 32);
}

/** Says that a key's first answer is kept (or the key given back), so repeats waiting for it read it now. */
export async function announceKeyChange(db: ConsoleDatabase, userId: string, key: string): Promise<void> {
  await db.execute(sql`select pg_notify(${ACTION_KEYS_CHANNEL}, ${keyTag(userId, key)})`);
}

export interface AnswerWait {
  /** Resolves when the key's answer is announced, the wait's time is up, or the listener went down; never rejects. */
  done: Promise<void>;
  cancel(): void;
}

/**
 * Repeats waiting for their first request's answer, woken by PostgreSQL NOTIFY on ACTION_KEYS_CHANNEL (one LISTEN
 * connection per process). A notification sent while the connection was down is lost, so a wait is bounded by
 * the caller's time and by UNHEARD_RECHECK_MS whenever the listener is not live, and every wait is woken when it
 * goes down: the caller re-reads the key after every wake.
 */
export class AnswerWaits {
  private readonly waiting = new Map<string, Set<() => void>>();
  private listener: ChannelListener | null = null;

  constructor(private readonly connectionString: string) {}

  /** Starts listening (once); resolves when this attempt is over, live or not. */
  listen(): Promise<void> {
    this.listener ??= new ChannelListener({
      connectionString: this.connectionString,
      channel: ACTION_KEYS_CHANNEL,
      onMessage: (tag) => this.wake(tag),
      onLive: (live) => {
        if (!live) for (const tag of [...this.waiting.keys()]) this.wake(tag);
      },
    });
    return this.listener.start();
  }

  get live(): boolean {
    return this.listener?.live === true;
  }

  /** Waits for the key named `tag` for at most `ms` (less while the listener is not live). */
  wait(tag: string, ms: number): AnswerWait {
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), this.live ? ms : Math.min(ms, UNHEARD_RECHECK_MS));
      finish = () => {
        clearTimeout(timer);
        const set = this.waiting.get(tag);
        set?.delete(finish);
        if (set?.size === 0) this.waiting.delete(tag);
        resolve();
      };
    });
    const set = this.waiting.get(tag) ?? new Set();
    set.add(finish);
    this.waiting.set(tag, set);
    return { done, cancel: () => finish() };
  }

  /** Stops listening (tests, shutdown); waits still end by their time. */
  async close(): Promise<void> {
    await this.listener?.stop();
  }

  private wake(tag: string): void {
    for (const finish of [...(this.waiting.get(tag) ?? [])]) finish();
  }
}

// One per process, on globalThis: Next.js's bundle and the console server each load their own copy of modules.
const holder = globalThis as typeof globalThis & { __consoleAnswerWaits?: AnswerWaits };

export function answerWaits(connectionString: string): AnswerWaits {
  holder.__consoleAnswerWaits ??= new AnswerWaits(connectionString);
  return holder.__consoleAnswerWaits;
}
