import "server-only";
import type { Role } from "../auth/permissions";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";

export interface AuditEntry {
  actor: { id: string; email: string; role: Role } | null;
  action: string;
  targetId?: string | null;
  outcome: "allowed" | "refused" | "failed";
  upstreamStatus?: number | null;
  requestId: string;
  summary?: Record<string, unknown>;
}

/**
 * Appends one row to the audit log. A failure to write it is logged, not thrown: the action it describes has
 * already happened (or been refused) and its answer must still reach the person.
 */
export async function writeAudit(entry: AuditEntry): Promise<void> {
  try {
    await getConsoleDatabase()
      .insert(auditEvents)
      .values({
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? null,
        actorRole: entry.actor?.role ?? null,
        action: entry.action,
        targetId: entry.targetId ?? null,
        outcome: entry.outcome,
        upstreamStatus: entry.upstreamStatus ?? null,
        requestId: entry.requestId,
        summary: entry.summary ?? {},
      });
  } catch (error) {
    console.error(
      `[audit] could not record ${entry.action} (request ${entry.requestId}):`,
      error instanceof Error ? error.message : error,
    );
  }
}
