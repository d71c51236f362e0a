import { infiniteQueryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { consoleFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

export const auditEventSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetId: z.string().nullable(),
  outcome: z.enum(["allowed", "refused", "failed"]),
  upstreamStatus: z.number().nullable(),
  requestId: z.string(),
  summary: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const auditPageSchema = z.object({
  data: z.array(auditEventSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  outcome?: string;
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.audit, filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleFetch(`/api/audit${toQuery({ ...filters, cursor: pageParam, limit: 50 })}`, auditPageSchema, {
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });
