import { infiniteQueryOptions } from "@tanstack/react-query";
import { pageKeys } from "../../universal/api/keys";
import type { AuditFilters } from "../../universal/console-api/audit-filters";
import { consoleCall, consoleHref } from "./client";

/** The filters as the page's address holds them: text the route checks (an unknown outcome is its 400). */
type AuditFilterText = { [K in keyof AuditFilters]?: string | undefined };

export const auditQuery = (filters: AuditFilterText) =>
  infiniteQueryOptions({
    queryKey: pageKeys.audit(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleCall("GET /api/audit", { query: { ...filters, cursor: pageParam, limit: 50 }, signal }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });

/** Where the whole filtered log downloads as CSV (app/api/audit/export/route.ts); the server streams it. */
export function auditExportHref(filters: AuditFilterText): string {
  return consoleHref("GET /api/audit/export", { query: { ...filters } });
}
