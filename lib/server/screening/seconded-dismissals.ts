import "server-only";
import { and, eq, inArray, isNotNull, max } from "drizzle-orm";
import { getConsoleDatabase } from "../db";
import { auditEvents, screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";

/** The people who approved a payment from this subject data, each with their latest approval of one. */
export async function approversOfSameData(subjectKey: string): Promise<{ actorId: string; last: Date }[]> {
  const db = getConsoleDatabase();
  const sameData = db
    .select({ id: screeningResults.subjectId })
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.subjectType, "payment"),
        eq(screeningResults.subjectKey, subjectKey),
      ),
    );
  const rows = await db
    .select({ actorId: auditEvents.actorId, last: max(auditEvents.occurredAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "payment.approve"),
        eq(auditEvents.outcome, "allowed"),
        isNotNull(auditEvents.actorId),
        inArray(auditEvents.targetId, sameData),
      ),
    )
    .groupBy(auditEvents.actorId);
  return rows.flatMap(({ actorId, last }) => (actorId && last ? [{ actorId, last }] : []));
}

/**
 * Whether a person other than the officer who dismissed a match has since stood behind the dismissal: approved a
 * payment from the same subject data after it (decision 0090, which keeps the dismisser from approving it). Until
 * then the dismissal, remembered for a later payment, spares the officers a review but does not let the approval
 * policies approve that payment alone: one officer's dismissal does not release money by itself, through the
 * policies or otherwise. An approval by the policies (no person) seconds nothing.
 */
export const dismissalSeconded = (
  dismissal: { byId: string; at: Date },
  approvers: readonly { actorId: string; last: Date }[],
): boolean =>
  approvers.some(
    (approver) => approver.actorId !== dismissal.byId && approver.last.getTime() > dismissal.at.getTime(),
  );
