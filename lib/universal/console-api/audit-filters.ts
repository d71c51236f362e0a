import { z } from "zod";
import { queryDateTimeSchema } from "../../../shared/contract";

/** What an audit row records: an attempt (written before acting) or the outcome that followed it. */
export const AUDIT_OUTCOMES = ["attempted", "allowed", "refused", "failed", "unknown"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The audit log's filters, as the list and the export take them from the query string. `outcome=attempted` finds
 * attempts that have no outcome (the console stopped between the two); `request` is the console's request id or
 * the id the client sent.
 */
export const auditFiltersSchema = z.strictObject({
  actor: z.string().max(320).optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(300).optional(),
  request: z.string().max(100).optional(),
  from: queryDateTimeSchema.optional(),
  to: queryDateTimeSchema.optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;
