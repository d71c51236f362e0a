import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { dateTimeSchema } from "../../shared/contract";
import { isUnstorableString } from "../../shared/contract/storable-text";
import type { ServiceDatabase } from "../db/client";
import { ApiError } from "../errors";

/**
 * Keyset pagination on (created_at, id): the cursor names the last row of the previous page, so a page costs the
 * same however deep it is. Cursors are opaque base64url; a malformed one is 400 INVALID_INPUT.
 */
export interface Cursor {
  createdAt: Date;
  id: string;
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id]), "utf8").toString("base64url");
}

/** A cursor that is not one of this list's: 400 INVALID_INPUT naming the cursor. */
export function invalidCursor(): ApiError {
  return new ApiError(
    400,
    "INVALID_INPUT",
    "The cursor is not valid here; pass nextCursor from a previous page of this list.",
    { fields: [{ path: "cursor", message: "Invalid cursor" }] },
  );
}

/**
 * The cursor a list's nextCursor gave, or 400 INVALID_INPUT. `idPrefix` is the list's resource ("Customer:", …):
 * a cursor names a row of its own list, so one from another list is refused rather than read as a position here.
 */
export function decodeCursor(value: string | undefined, idPrefix: string): Cursor | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    ) {
      const createdAt = new Date(parsed[0]);
      // A row's own time and id: a time PostgreSQL can hold, an id of this list with nothing no row's id could hold.
      if (
        dateTimeSchema.safeParse(parsed[0]).success &&
        parsed[1].startsWith(idPrefix) &&
        !isUnstorableString(parsed[1])
      ) {
        return { createdAt, id: parsed[1] };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalidCursor();
}

/**
 * The condition selecting rows after the cursor in the given order. It is a row comparison on purpose: PostgreSQL
 * starts an index scan of (…, created_at, id) at it, whereas the equivalent `created_at < x or (created_at = x and
 * id < y)` is only a filter, read against every row before the cursor (a page 100,000 rows deep cost 0.5 s).
 */
export function afterCursor(
  createdAtColumn: PgColumn,
  idColumn: PgColumn,
  cursor: Cursor | undefined,
  order: "asc" | "desc" = "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = sql.raw(order === "desc" ? "<" : ">");
  return sql`(${createdAtColumn}, ${idColumn}) ${beyond} (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::text)`;
}

export function orderByKeyset(createdAtColumn: PgColumn, idColumn: PgColumn, order: "asc" | "desc" = "desc") {
  return order === "desc" ? [desc(createdAtColumn), desc(idColumn)] : [asc(createdAtColumn), asc(idColumn)];
}

/** Turns `limit + 1` fetched rows into the API's list envelope. */
export function toPage<Row extends { createdAt: Date; id: string }, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
  totalCount?: number,
) {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page.at(-1);
  return {
    data: page.map(present),
    hasMore,
    ...(hasMore && last ? { nextCursor: encodeCursor(last) } : {}),
    ...(totalCount !== undefined ? { totalCount } : {}),
  };
}

const countAll = sql<number>`count(*)::int`;

/** Lists count their matches exactly up to this many; beyond it `totalCount` is left out. */
const TOTAL_COUNT_LIMIT = 10_000;

/**
 * The list's `totalCount` (optional in the specification): the exact number of matching rows when there are at most
 * TOTAL_COUNT_LIMIT, otherwise undefined. An exact count reads every matching row, so with a million rows it cost
 * far more than the page itself, on every page. Stopping after the limit bounds the count to about the work of
 * the page, whatever the table's size. The rows are counted in the list's own order (`order`, from
 * orderByKeyset), so the count walks the same index as the page, over the newest rows, which stay in PostgreSQL's
 * cache; an unordered count may pick a sequential scan, which on a large table reads through a small ring buffer
 * and fetches its pages again on every request.
 */
export async function countUpTo(
  db: Pick<ServiceDatabase, "select">,
  table: PgTable,
  where: SQL | undefined,
  order: SQL[],
): Promise<number | undefined> {
  const [row] = await countUpToQuery(db, table, where, order);
  const count = row?.count ?? 0;
  return count > TOTAL_COUNT_LIMIT ? undefined : count;
}

/** countUpTo's statement, unrun: for a test to read PostgreSQL's plan of it. */
export function countUpToQuery(
  db: Pick<ServiceDatabase, "select">,
  table: PgTable,
  where: SQL | undefined,
  order: SQL[],
) {
  const matching = db
    .select({ one: sql<number>`1`.as("one") })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(TOTAL_COUNT_LIMIT + 1)
    .as("matching");
  return db.select({ count: countAll }).from(matching);
}
