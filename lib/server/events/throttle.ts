import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import { consoleThrottles } from "../db/schema";

/**
 * Whether `name` may happen now, at most once per `seconds` across every console instance: one row per name,
 * updated only when its last time is old enough (concurrent callers queue on the row, so exactly one passes).
 */
export async function passThrottle(db: ConsoleDatabase, name: string, seconds: number): Promise<boolean> {
  const rows = await db
    .insert(consoleThrottles)
    .values({ name, lastAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: consoleThrottles.name,
      set: { lastAt: sql`excluded.last_at` },
      setWhere: sql`${consoleThrottles.lastAt} <= excluded.last_at - make_interval(secs => ${seconds})`,
    })
    .returning({ name: consoleThrottles.name });
  return rows.length > 0;
}
