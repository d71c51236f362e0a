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

  constructor(private readonly db: ServiceDatabase) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Re-reads the offset, so a move made through another instance is seen. */
  async refresh(): Promise<void> {
    const rows = await readOffset(this.db).execute();
    this.offsetMs = rows[0]?.offsetMs ?? 0;
  }

  /** Moves time forward only: going back would let expired quotes and timed-out payments come alive. */
  async advance(ms: number): Promise<Date> {
    const rows = await this.db
      .insert(localClock)
      .values({ id: 1, offsetMs: ms })
      .onConflictDoUpdate({ target: localClock.id, set: { offsetMs: sql`${localClock.offsetMs} + ${ms}` } })
      .returning({ offsetMs: localClock.offsetMs });
    this.offsetMs = rows[0]?.offsetMs ?? this.offsetMs;
    return this.now();
  }
}
