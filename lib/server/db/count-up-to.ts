import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ConsoleDatabase } from "./client";

/** The console's lists count their matches exactly up to this many, as the payment API's do; beyond, no total. */
const COUNT_LIMIT = 10_000;

/**
 * How many rows match `where`, exactly when at most COUNT_LIMIT do, otherwise undefined (the list then says how many
 * it shows, not of how many). Counted in the list's own order, so the count walks the index the page walks and stops
 * after the limit: it costs about what the page costs however long the table grows (as the payment service's
 * lists count, service/domain/pagination.ts).
 */
export async function countUpTo(
  db: ConsoleDatabase,
  table: PgTable,
  where: SQL | undefined,
  order: SQL,
  limit = COUNT_LIMIT,
): Promise<number | undefined> {
  const matching = db
    .select({ one: sql<number>`1`.as("one") })
    .from(table)
    .where(where)
    .orderBy(order)
    .limit(limit + 1)
    .as("matching");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  const count = row?.count ?? 0;
  return count > limit ? undefined : count;
}
