import "server-only";
import { and, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import { getConsoleDatabase } from "../db";
import { auditEvents, screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";

/**
 * The people who approved a payment from this subject data while it showed a dismissed match, each with their latest
 * such approval. A payment from the same data that screened clear (before a list change brought the entry in, say)
 * was approved by someone who never saw the match: that approval stands behind no dismissal. Only payments whose
 * approval the API accepted count: a first approval of two, not yet sent, released nothing.
 */
export async function approversOfSameData(subjectKey: string): Promise<{ actorId: string; last: Date }[]> {
  const db = getConsoleDatabase();
  const environment = currentEnvironment();
  const sameData = db
    .select({ id: screeningResults.subjectId })
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, environment),
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
        // The payment's screening as it stood when it was approved (a dismissal updates its row in place).
        sql`(
          SELECT ${screeningResults.status} FROM ${screeningResults}
          WHERE ${screeningResults.environment} = ${environment}
            AND ${screeningResults.subjectType} = 'payment'
            AND ${screeningResults.subjectId} = ${auditEvents.targetId}
            AND ${screeningResults.screenedAt} <= ${auditEvents.occurredAt}
          ORDER BY ${screeningResults.screenedAt} DESC
          LIMIT 1
        ) = 'dismissed'`,
        // A payment the API accepted an approval of: a first approval of two (202 to the officer, never sent)
        // released nothing, so it stands behind nothing until the second is accepted.
        sql`EXISTS (
          SELECT 1 FROM ${auditEvents} accepted
          WHERE accepted.action = 'payment.approve'
            AND accepted.outcome = 'allowed'
            AND accepted.target_id = ${auditEvents.targetId}
            AND accepted.upstream_status BETWEEN 200 AND 299
        )`,
      ),
    )
    .groupBy(auditEvents.actorId);
  return rows.flatMap(({ actorId, last }) => (actorId && last ? [{ actorId, last }] : []));
}

/**
 * Whether a person other than the officer who dismissed a match has since stood behind the dismissal: approved a
 * payment from the same subject data, showing the match dismissed, after it (decision 0090, which keeps the dismisser from approving it). Until
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
