import "server-only";
import { ApiError } from "../../shared/api-error";
import type { Role } from "../auth/permissions";
import { getConsoleDatabase } from "../db";
import { type AuditOutcome, auditEvents } from "../db/schema";
import { log } from "../log/logger";
import { storableString, toStorable } from "../text/storable";

export interface AuditEntry {
  actor: { id: string; email: string; role: Role } | null;
  action: string;
  targetId?: string | null;
  outcome: AuditOutcome;
  upstreamStatus?: number | null;
  requestId: string;
  /** An X-Request-Id the client sent: kept, marked as the client's, never taken for the console's own id. */
  clientRequestId?: string | null;
  summary?: Record<string, unknown>;
}

/** What a caller gets when the log cannot be written: the action must not go ahead. */
export const auditUnavailable = () =>
  new ApiError(
    503,
    "AUDIT_UNAVAILABLE",
    "The console cannot record this action in its audit log right now, so it did not do it. Try again shortly.",
  );

/**
 * Appends one row to the audit log (the database chains it: migration 0004). Text is made storable first, so no
 * value copied into a summary (a reason, a name, a field someone sent) can make the insert fail. A failure to write
 * throws: an attempt that is not recorded must not be acted on (`auditUnavailable`).
 */
export async function writeAudit(entry: AuditEntry): Promise<void> {
  const text = (value: string | null | undefined) => (value == null ? null : storableString(value));
  try {
    await getConsoleDatabase()
      .insert(auditEvents)
      .values({
        actorId: entry.actor?.id ?? null,
        actorEmail: text(entry.actor?.email),
        actorRole: entry.actor?.role ?? null,
        action: storableString(entry.action),
        targetId: text(entry.targetId),
        outcome: entry.outcome,
        upstreamStatus: entry.upstreamStatus ?? null,
        requestId: storableString(entry.requestId),
        clientRequestId: text(entry.clientRequestId),
        summary: toStorable(entry.summary ?? {}),
      });
  } catch (error) {
    log.error("audit", "could not record an entry", {
      requestId: entry.requestId,
      action: entry.action,
      outcome: entry.outcome,
      error,
    });
    throw auditUnavailable();
  }
}

/**
 * Records an outcome after the action: by then the action happened (or was refused) and its answer must still
 * reach the person, so a failure here is logged, not thrown. The attempt row already names the action; an attempt
 * without an outcome shows as such in the log.
 */
export async function writeAuditOutcome(entry: AuditEntry): Promise<void> {
  try {
    await writeAudit(entry);
  } catch {
    // writeAudit has logged it.
  }
}

export type AuditedAction = Omit<AuditEntry, "outcome" | "upstreamStatus">;

/**
 * A change the console makes itself (team, passwords): the attempt is recorded before `act` runs (503 and nothing
 * done if it cannot be), then the outcome: allowed, refused with the code of a ApiError below 500, or failed.
 * `detailsOf` adds what only the result knows (the target's id, the changes made).
 */
export async function auditedAction<T>(
  entry: AuditedAction,
  act: () => Promise<T>,
  detailsOf?: (result: T) => Partial<Pick<AuditEntry, "targetId" | "summary">>,
): Promise<T> {
  await writeAudit({ ...entry, outcome: "attempted" });
  let result: T;
  try {
    result = await act();
  } catch (error) {
    const refused = error instanceof ApiError && error.status < 500;
    await writeAuditOutcome({
      ...entry,
      outcome: refused ? "refused" : "failed",
      summary: {
        ...entry.summary,
        reason: error instanceof ApiError ? error.code : "INTERNAL_ERROR",
      },
    });
    throw error;
  }
  const described = detailsOf?.(result) ?? {};
  await writeAuditOutcome({
    ...entry,
    ...described,
    summary: { ...entry.summary, ...described.summary },
    outcome: "allowed",
  });
  return result;
}
