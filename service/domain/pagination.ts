import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ApiError } from "../errors";

/**
 * Keyset pagination on (created_at, id): the cursor names the last row of the previous page, so a page costs the
 * same however deep it is. Cursors are opaque base64url; a malformed one is 400 INVALID_INPUT.
 */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id]), "utf8").toString("base64url");
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
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
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: parsed[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError(400, "INVALID_INPUT", "The cursor is not valid; pass nextCursor from a previous page.", {
    fields: [{ path: "cursor", message: "Invalid cursor" }],
  });
}

/** The condition selecting rows after the cursor in the given order. */
export function afterCursor(
  createdAtColumn: PgColumn,
  idColumn: PgColumn,
  cursor: Cursor | undefined,
  order: "asc" | "desc" = "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = order === "desc" ? lt : gt;
  return or(
    beyond(createdAtColumn, cursor.createdAt),
    and(eq(createdAtColumn, cursor.createdAt), beyond(idColumn, cursor.id)),
  );
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

export const countAll = sql<number>`count(*)::int`;
