import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { screeningDismissBodySchema } from "../../universal/console-api/bodies";
import type { ScreeningRecord, StoredHit } from "../../universal/screening/records";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { screeningDismissals, screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { recordOfRow, statusOf } from "./screen-subject";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

const notFound = () => new ApiError(404, "NOT_FOUND", "No such screening result.");

/**
 * POST /api/screening/results/[resultId]/dismiss: one potential match dismissed as a false positive, with the
 * reason, remembered for the same subject data against the same list entry as it read then (a change to either
 * re-opens it), audited with the subject, the entry and the reason. The result's status follows: dismissed once no
 * alerting hit is left open.
 */
export async function dismissHit(
  who: Who,
  user: ConsoleUser,
  resultId: string,
  body: z.output<typeof screeningDismissBodySchema>,
): Promise<{ screening: ScreeningRecord }> {
  if (!/^[0-9a-f-]{36}$/i.test(resultId)) throw notFound();
  const db = getConsoleDatabase();
  const environment = currentEnvironment();
  const [row] = await db
    .select()
    .from(screeningResults)
    .where(and(eq(screeningResults.id, resultId), eq(screeningResults.environment, environment)))
    .limit(1);
  if (!row) throw notFound();
  return auditedAction(
    {
      ...who,
      action: "screening.dismiss",
      targetId: row.subjectId,
      summary: {
        subject: `${row.subjectType} ${row.subjectId}`,
        resultId,
        listId: body.listId,
        entryId: body.entryId,
        reason: body.reason,
      },
    },
    () =>
      db.transaction(async (tx) => {
        // Under the row's lock: two officers dismissing at once each see the other's work.
        const [locked] = await tx
          .select()
          .from(screeningResults)
          .where(eq(screeningResults.id, resultId))
          .for("update");
        if (!locked) throw notFound();
        const record = recordOfRow(locked);
        const hit = record.hits.find((h) => h.listId === body.listId && h.entryId === body.entryId);
        if (!hit?.alert) {
          throw new ApiError(404, "NOT_FOUND", "That list entry is not a potential match of this screening.");
        }
        if (hit.dismissed) throw new ApiError(409, "ALREADY_DISMISSED", "This match was already dismissed.");
        if (hit.confirmation?.confirmedBy) {
          throw new ApiError(
            409,
            "ALREADY_CONFIRMED",
            "Two officers confirmed this match; it cannot be dismissed.",
          );
        }
        const at = new Date();
        await tx
          .insert(screeningDismissals)
          .values({
            environment,
            subjectKey: locked.subjectKey,
            listId: hit.listId,
            entryId: hit.entryId,
            entryHash: hit.entryHash,
            reason: body.reason,
            dismissedBy: user.id,
            dismissedAt: at,
            resultId,
          })
          .onConflictDoNothing();
        const hits: StoredHit[] = record.hits.map((h) =>
          h === hit ? { ...h, dismissed: { reason: body.reason, by: user.name, at: at.toISOString() } } : h,
        );
        const status = statusOf(hits);
        const [updated] = await tx
          .update(screeningResults)
          .set({ status, result: { ...(locked.result as Record<string, unknown>), hits } })
          .where(eq(screeningResults.id, resultId))
          .returning();
        if (!updated) throw notFound();
        return { screening: recordOfRow(updated) };
      }),
  );
}
