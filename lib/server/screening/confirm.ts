import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { screeningConfirmBodySchema } from "../../universal/console-api/bodies";
import {
  confirmedMatchReason,
  type ScreeningRecord,
  type StoredHit,
} from "../../universal/screening/records";
import { type AuditEntry, auditedAction, writeAudit, writeAuditOutcome } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { env } from "../env";
import { readAnswerText, relayToPaymentApi, UpstreamFailure } from "../payment-api/transport";
import { firstPersonStands, requireRoleBefore } from "../team/role-since";
import {
  announceScreeningDecision,
  hitDecisionAudit,
  lockedOpenHit,
  resultToDecide,
  storeDecidedHits,
} from "./hit-decision";
import { statusOf } from "./screen-subject";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;
type Body = z.output<typeof screeningConfirmBodySchema>;

export interface ConfirmAnswer {
  screening: ScreeningRecord;
  /** "proposed": the first officer's confirmation, waiting for a second; "confirmed": two officers agreed. */
  step: "proposed" | "confirmed";
  /** For a payment, once confirmed: whether the API rejected it ("unknown" after a time-out: check the payment). */
  payment?: { rejected: boolean | "unknown"; status?: number; endedAs?: string };
}

/** The payment's status when the API refused to reject it because it had already ended (its error's details). */
function endedAs(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return undefined;
    const { code, details } = body as { code?: unknown; details?: { status?: unknown } };
    if (code !== "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL") return undefined;
    return typeof details?.status === "string" ? details.status : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/screening/results/[resultId]/confirm: a potential match confirmed as the listed person or entity. It
 * takes two compliance officers (issue 48): the first one's confirmation, with the reason, is recorded on the hit
 * and waits; a second, distinct officer who held the role before it was proposed confirms it, and the screening is
 * then "confirmed". A confirmed payment is rejected at the API with the reason (its own audit row, `payment.reject`
 * by "screening", attempt before and outcome after, "unknown" after a time-out); the approve step refuses it from
 * then on whatever the API answered. A confirmed customer is flagged by its screening's status.
 */
export async function confirmHit(
  who: Who,
  user: ConsoleUser,
  resultId: string,
  body: Body,
): Promise<ConfirmAnswer> {
  const row = await resultToDecide(resultId);
  const db = getConsoleDatabase();
  const answer = await auditedAction(
    hitDecisionAudit(who, "screening.confirm", row, body),
    () =>
      db.transaction(async (tx) => {
        // Two officers confirming at once are one first and one second, never two firsts.
        const { locked, record, hit } = await lockedOpenHit(tx, resultId, body);
        const at = new Date().toISOString();
        // A proposal whose officer has been disabled or moved since does not count: this officer's is the first.
        const proposal =
          hit.confirmation &&
          (await firstPersonStands(hit.confirmation.proposedBy.id, new Date(hit.confirmation.proposedAt), tx))
            ? hit.confirmation
            : undefined;
        let confirmation: NonNullable<StoredHit["confirmation"]>;
        if (!proposal) {
          confirmation = {
            reason: body.reason,
            proposedBy: { id: user.id, name: user.name, email: user.email },
            proposedAt: at,
          };
        } else {
          if (proposal.proposedBy.id === user.id) {
            throw new ApiError(
              409,
              "SECOND_OFFICER_REQUIRED",
              "You proposed confirming this match; a second compliance officer must confirm it.",
            );
          }
          await requireRoleBefore(user.id, new Date(proposal.proposedAt), "match's proposed confirmation");
          confirmation = {
            ...proposal,
            confirmedBy: { id: user.id, name: user.name, email: user.email },
            confirmedAt: at,
            confirmedReason: body.reason,
          };
        }
        const hits: StoredHit[] = record.hits.map((h) => (h === hit ? { ...h, confirmation } : h));
        const status = hits.some((h) => h.confirmation?.confirmedBy) ? "confirmed" : statusOf(hits);
        const screening = await storeDecidedHits(tx, locked, hits, status);
        const step: ConfirmAnswer["step"] = confirmation.confirmedBy ? "confirmed" : "proposed";
        return { screening, step, reason: confirmation.reason, hit };
      }),
    (result) => ({ summary: { step: result.step === "confirmed" ? "2 of 2" : "1 of 2" } }),
  );
  const { screening, step } = answer;
  await announceScreeningDecision();
  if (step !== "confirmed" || screening.subjectType !== "payment") return { screening, step };
  const reason = `${confirmedMatchReason(answer.hit)} ${answer.reason}`;
  return { screening, step, payment: await rejectConfirmedPayment(who, screening.subjectId, reason) };
}

/** Rejects a payment whose sender two officers confirmed as listed: audited as the relay audits a rejection. */
async function rejectConfirmedPayment(
  who: Who,
  transactionId: string,
  reason: string,
): Promise<NonNullable<ConfirmAnswer["payment"]>> {
  const entry = {
    ...who,
    action: "payment.reject",
    targetId: transactionId,
    summary: { by: "screening", reason },
  };
  await writeAudit({ ...entry, outcome: "attempted" });
  try {
    const answer = await relayToPaymentApi({
      method: "POST",
      path: `/transactions/${encodeURIComponent(transactionId)}/reject`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason: reason.slice(0, 1000) }),
      local: false,
      timeoutMs: env().PAYMENT_API_TIMEOUT_MS,
    });
    const text = await readAnswerText(answer);
    const rejected = answer.status >= 200 && answer.status < 300;
    const ended = rejected ? undefined : endedAs(text);
    await writeAuditOutcome({
      ...entry,
      outcome: rejected ? "allowed" : answer.status < 500 ? "refused" : "failed",
      upstreamStatus: answer.status,
    });
    return { rejected, status: answer.status, ...(ended ? { endedAs: ended } : {}) };
  } catch (error) {
    const unknown = error instanceof UpstreamFailure && error.mayHaveHappened;
    await writeAuditOutcome({ ...entry, outcome: unknown ? "unknown" : "failed" });
    return { rejected: unknown ? "unknown" : false };
  }
}
