import "server-only";
import { ChannelListener } from "../db/channel-listener";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The channel a trigger on `users` notifies with the id of every inserted, changed or deleted user. */
const USERS_CHANNEL = "console_users";
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The users that sessions name, kept between requests so an API call through the console does not cost a database
 * round trip for its user. Kept only while this process listens on USERS_CHANNEL: every change to a user row
 * (role, disable, session version, password) drops that user here as the change commits, from any process, and a
 * change made by this process drops it at once. While the LISTEN connection is down nothing is kept, and an entry
 * is reloaded after a minute whatever happens, as a last safety net.
 *
 * A load that was under way when any user changed is not kept: it may have read the row before the change.
 */
export class UserCache {
  private readonly entries = new Map<string, { row: UserRow; at: number }>();
  private epoch = 0;
  private listener: ChannelListener | null = null;

  /** Starts listening for changes (once); resolves when this attempt is over, live or not. */
  listen(connectionString: string): Promise<void> {
    this.listener ??= new ChannelListener({
      connectionString,
      channel: USERS_CHANNEL,
      onMessage: (userId) => this.forget(userId),
      onLive: () => this.forgetAll(),
    });
    return this.listener.start();
  }

  get live(): boolean {
    return this.listener?.live === true;
  }

  /** The user's row when it is kept and still valid (this process is listening, and it is under a minute old). */
  kept(id: string): UserRow | undefined {
    if (!this.live) return undefined;
    const kept = this.entries.get(id);
    return kept && Date.now() - kept.at < MAX_AGE_MS ? kept.row : undefined;
  }

  async find(id: string, connectionString: string, load: () => Promise<UserRow | undefined>) {
    if (!this.live) void this.listen(connectionString);
    else {
      const kept = this.kept(id);
      if (kept) return kept;
    }
    const epoch = this.epoch;
    const wasLive = this.live;
    const row = await load();
    if (row && wasLive && this.live && epoch === this.epoch) this.keep(id, row);
    return row;
  }

  /** Stops listening and forgets everyone (tests, shutdown). */
  async close(): Promise<void> {
    await this.listener?.stop();
    this.forgetAll();
  }

  forget(id: string): void {
    this.epoch++;
    this.entries.delete(id);
  }

  private forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }

  private keep(id: string, row: UserRow): void {
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(id, { row, at: Date.now() });
  }
}

// One per process, on globalThis: Next.js's bundle and the console server (server.ts) each load their own copy of
// this module, and a change made through one must drop the user for the other.
const KEY = Symbol.for("payments-console.user-cache");
const holder = globalThis as typeof globalThis & { [KEY]?: UserCache };

export function userCache(): UserCache {
  holder[KEY] ??= new UserCache();
  return holder[KEY];
}
