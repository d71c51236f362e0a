import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents } from "../db/schema";

/**
 * How policy version changes read in the audit log: every row about a version has the target `policy-version:<n>`
 * and `policyVersion: n` in its summary, and an activation or decline names the proposal it answers
 * (`proposedBy`, `proposalRequestId`), so the two people's rows are linked.
 */
export const policyTarget = (version: number) => `policy-version:${version}`;

/**
 * A change made in a replayed history (the demo's seed) rather than now: when it happened, kept in its audit rows'
 * summary (`at`). The rows' own time is when they were written: the audit log is never back-dated (migration 0004).
 */
export interface ReplayedAt {
  at?: Date;
}

export const replayedAtSummary = ({ at }: ReplayedAt) => (at ? { at: at.toISOString() } : {});

/** The accepted proposal of version `version`: who proposed it and the request id of that audit row. */
export async function proposalRow(
  db: ConsoleDatabase,
  version: number,
): Promise<{ proposedBy: string | null; proposalRequestId: string } | null> {
  const [row] = await db
    .select({ actorEmail: auditEvents.actorEmail, requestId: auditEvents.requestId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "policy.version.propose"),
        eq(auditEvents.targetId, policyTarget(version)),
        eq(auditEvents.outcome, "allowed"),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row ? { proposedBy: row.actorEmail, proposalRequestId: row.requestId } : null;
}
