import "server-only";
import type { z } from "zod";
import { encodeScanCursor, type ScanPosition } from "../../universal/transactions/scan-cursor";
import { readApi } from "../payment-api/read";

interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | undefined;
}

/** The API's page size while scanning; a position's `skip` counts within pages of exactly this size. */
const API_PAGE = 100;
/** At most this many records are read for one page of matches; a sparse filter then answers a shorter page. */
const MAX_SCANNED = 5_000;

export type FilteredPage<T> = {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  /** How many records of the API's list this page went through. */
  scanned: number;
};

/**
 * One page of a list filtered by what the API cannot filter: reads the API's pages (its own filters applied) from
 * `from`, keeps the records `keep` accepts until `limit` are found, the list ends or MAX_SCANNED were read, and
 * says where to continue. No totalCount: counting would mean reading the whole list.
 */
export async function filteredPage<T>({
  path,
  filters,
  schema,
  keep,
  from,
  limit,
}: {
  path: string;
  filters: URLSearchParams;
  schema: z.ZodType<Page<T>>;
  keep: (record: T) => boolean;
  from: ScanPosition;
  limit: number;
}): Promise<FilteredPage<T>> {
  const data: T[] = [];
  let position = from;
  let scanned = 0;
  const seen = new Set<string>();
  for (;;) {
    const query = new URLSearchParams(filters);
    query.set("limit", String(API_PAGE));
    if (position.cursor) query.set("cursor", position.cursor);
    const page = await readApi(`${path}?${query}`, schema);
    for (let index = position.skip; index < page.data.length; index++) {
      const record = page.data[index] as T;
      scanned++;
      if (!keep(record)) continue;
      data.push(record);
      if (data.length === limit) {
        const rest = index + 1 < page.data.length;
        if (rest) {
          return {
            data,
            hasMore: true,
            nextCursor: encodeScanCursor({ ...position, skip: index + 1 }),
            scanned,
          };
        }
        const next = page.hasMore ? page.nextCursor : undefined;
        return next
          ? { data, hasMore: true, nextCursor: encodeScanCursor({ cursor: next, skip: 0 }), scanned }
          : { data, hasMore: false, scanned };
      }
    }
    const next = page.hasMore ? page.nextCursor : undefined;
    // A cursor seen twice ends the scan rather than looping forever.
    if (!next || seen.has(next)) return { data, hasMore: false, scanned };
    seen.add(next);
    position = { cursor: next, skip: 0 };
    if (scanned >= MAX_SCANNED) {
      return { data, hasMore: true, nextCursor: encodeScanCursor(position), scanned };
    }
  }
}
