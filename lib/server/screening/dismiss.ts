import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { screeningDismissBodySchema } from "../../universal/console-api/bodies";
import { type ScreeningRecord, type StoredHit, SUBJECT_NOUN } from "../../universal/screening/records";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { screeningDismissals } from "../db/schema";
import { firstPersonStands } from "../team/role-since";
import {
  announceScreeningDecision,
  hitDecisionAudit,
  lockedOpenHit,
  resultToDecide,
  storeDecidedHits,
} from "./hit-decision";
import { confirmationsFor, hitKey, statusOf } from "./screen-subject";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/screening/results/[resultId]/dismiss: one potential match dismissed as a false positive, with the
 * reason, remembered for the same subject data against the same list entry as it read then (a change to either
 * re-opens it), audited with the subject, the entry and the reason. The result's status follows: dismissed once no
 * alerting hit is left open. A match one officer proposed confirming is dismissed only by that officer (409
 * CONFIRMATION_PROPOSED to anyone else): a second officer confirms it or leaves it.
 */
export async function dismissHit(
  who: Who,
  user: ConsoleUser,
  resultId: string,
  body: z.output<typeof screeningDismissBodySchema>,
): Promise<{ screening: ScreeningRecord }> {
  const row = await resultToDecide(resultId);
  const db = getConsoleDatabase();
  const answer = await auditedAction(hitDecisionAudit(who, "screening.dismiss", row, body), () =>
    db.transaction(async (tx) => {
      const { locked, record, hit } = await lockedOpenHit(tx, resultId, body);
      // Two officers confirmed this entry as the same subject data, before this screening or since (on another of
      // the same person's screenings, while this one stayed open): one officer does not overrule them alone.
      const confirmed = hit.confirmedBefore ?? (await confirmationsFor(locked.subjectKey)).get(hitKey(hit));
      if (confirmed) {
        throw new ApiError(
          409,
          "CONFIRMED_BEFORE",
          `${confirmed.proposedBy} and ${confirmed.confirmedBy} confirmed this entry as the same ${SUBJECT_NOUN[confirmed.subjectType]} on another screening; one officer does not dismiss it alone.`,
        );
      }
      // A match another officer proposed confirming is not cleared by one officer overruling them: it is confirmed
      // by a second officer, or dismissed by the one who proposed it (who changed their mind).
      // A proposal whose officer has been disabled or moved since binds nobody.
      const proposer = hit.confirmation?.proposedBy;
      if (
        proposer &&
        proposer.id !== user.id &&
        (await firstPersonStands(proposer.id, new Date(hit.confirmation?.proposedAt ?? 0), tx))
      ) {
        throw new ApiError(
          409,
          "CONFIRMATION_PROPOSED",
          `${proposer.name} proposed confirming this match; one officer does not overrule that alone. Confirm it as the second officer, or ask ${proposer.name} to dismiss it.`,
        );
      }
      const at = new Date();
      await tx
        .insert(screeningDismissals)
        .values({
          environment: locked.environment,
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
        h === hit
          ? { ...h, dismissed: { reason: body.reason, by: user.name, byId: user.id, at: at.toISOString() } }
          : h,
      );
      return { screening: await storeDecidedHits(tx, locked, hits, statusOf(hits)) };
    }),
  );
  await announceScreeningDecision();
  return answer;
}
