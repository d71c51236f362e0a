import { eq, sql } from "drizzle-orm";
import { preparedOnce, type ServiceDatabase } from "./db/client";
import { localClock } from "./db/schema";

const readOffset = preparedOnce((db) =>
  db
    .select({ offsetMs: localClock.offsetMs })
    .from(localClock)
    .where(eq(localClock.id, 1))
    .prepare("service_clock_offset"),
);

/**
 * The service's notion of now: real time plus an offset stored in the database, so tests and the sandbox
 * console can move time forward (quote expiry, approval time-outs) and every instance agrees.
 */
export class Clock {
  private offsetMs = 0;
  /** Counts the reads and moves begun; `applied` is the latest one whose offset this instance holds. */
  private begun = 0;
  private applied = 0;

  constructor(private readonly db: ServiceDatabase) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /**
   * Re-reads the offset, so a move made through another instance is seen. A read that began before a later read or
   * move of this instance was applied is dropped: it may hold the offset from before that move (a webhook delivery
   * that refreshed as the clock was advanced put the advance back until the next refresh, and a step made due by the
   * move was not taken).
   */
  async refresh(): Promise<void> {
    const ticket = ++this.begun;
    const offsetMs = await this.read();
    this.apply(ticket, offsetMs);
  }

  /** Moves time forward only: going back would let expired quotes and timed-out payments come alive. */
  async advance(ms: number): Promise<Date> {
    const rows = await this.db
      .insert(localClock)
      .values({ id: 1, offsetMs: ms })
      .onConflictDoUpdate({ target: localClock.id, set: { offsetMs: sql`${localClock.offsetMs} + ${ms}` } })
      .returning({ offsetMs: localClock.offsetMs });
    // Counted once the move is committed: every read begun before this moment may have seen the offset before it.
    const ticket = ++this.begun;
    if (rows[0] !== undefined) this.apply(ticket, rows[0].offsetMs);
    return this.now();
  }

  /** The offset stored now (a separate step, so a test can hold a read's answer back). */
  protected async read(): Promise<number> {
    const rows = await readOffset(this.db).execute();
    return rows[0]?.offsetMs ?? 0;
  }

  private apply(ticket: number, offsetMs: number): void {
    if (ticket < this.applied) return;
    this.applied = ticket;
    this.offsetMs = offsetMs;
  }
}
