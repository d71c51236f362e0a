import "server-only";
import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { getConsoleDatabase } from "../db";
import { auditEvents, screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";

/**
 * Whether a person other than the officer who dismissed a match has since stood behind the dismissal: approved a
 * payment from the same subject data after it (decision 0090, which keeps the dismisser from approving it). Until
 * then the dismissal, remembered for a later payment, spares the officers a review but does not let the approval
 * policies approve that payment alone: one officer's dismissal does not release money by itself, through the
 * policies or otherwise. An approval by the policies (no person) seconds nothing.
 */
export async function dismissalSeconded(
  subjectKey: string,
  dismissal: { byId: string; at: Date },
): Promise<boolean> {
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
  const [approval] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "payment.approve"),
        eq(auditEvents.outcome, "allowed"),
        ne(auditEvents.actorId, dismissal.byId),
        gt(auditEvents.occurredAt, dismissal.at),
        inArray(auditEvents.targetId, sameData),
      ),
    )
    .limit(1);
  return approval !== undefined;
}
