import { infiniteQueryOptions } from "@tanstack/react-query";
import { pageKeys } from "../../universal/api/keys";
import { consoleFetch, toQuery } from "./client";

/** One entry of GET /api/audit (app/api/audit/route.ts). */
export type AuditEvent = {
  id: number;
  occurredAt: string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetId: string | null;
  /** "attempted" here means an attempt no outcome followed (the list shows an action once, by its outcome). */
  outcome: "attempted" | "allowed" | "refused" | "failed" | "unknown";
  upstreamStatus: number | null;
  requestId: string;
  clientRequestId: string | null;
  summary: Record<string, unknown>;
  hash: string;
};

type AuditPage = { data: AuditEvent[]; hasMore: boolean; nextCursor?: string | undefined };

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  request?: string;
  from?: string;
  to?: string;
  outcome?: string;
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: pageKeys.audit(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleFetch<AuditPage>(`/api/audit${toQuery({ ...filters, cursor: pageParam, limit: 50 })}`, {
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });

/** Where the whole filtered log downloads as CSV (app/api/audit/export/route.ts); the server streams it. */
export function auditExportHref(filters: AuditFilters): string {
  return `/api/audit/export${toQuery({ ...filters })}`;
}
