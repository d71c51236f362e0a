import "server-only";
import { and, desc, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
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

/** A page of a list newest first, as the console's API answers it (lib/universal/console-api/types.ts). */
export interface KeysetPage<Row> {
  data: Row[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

/**
 * One page of a list kept newest first by its serial `id`, after `cursor` (the last id of the page before), with how
 * many rows match `where` in all when at most COUNT_LIMIT do. `read` reads the rows: the page's own columns, with the
 * condition, order and row count given; the count runs beside it in the same order.
 */
export async function keysetPageWithCount<Row extends { id: number }>(
  db: ConsoleDatabase,
  list: { table: PgTable; id: PgColumn; where: SQL | undefined; cursor: string | undefined; limit: number },
  read: (where: SQL | undefined, order: SQL, take: number) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const order = desc(list.id);
  const [rows, totalCount] = await Promise.all([
    read(and(list.where, list.cursor ? lt(list.id, Number(list.cursor)) : undefined), order, list.limit + 1),
    countUpTo(db, list.table, list.where, order),
  ]);
  const data = rows.slice(0, list.limit);
  const last = data.at(-1);
  const hasMore = rows.length > list.limit;
  return {
    data,
    hasMore,
    ...(hasMore && last ? { nextCursor: String(last.id) } : {}),
    ...(totalCount !== undefined ? { totalCount } : {}),
  };
}
