import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { transactionSchema } from "../../../../shared/contract";
import { needsTwoApproversFor } from "../../../universal/approvals/thresholds-rule";
import { approvalStep } from "../../../universal/approvals/two-approvers-rule";
import {
  arrivalThresholdsOf,
  completeFirstApproval,
  firstApprovalsOf,
  listThresholds,
  recordFirstApproval,
} from "../../approvals/two-approvers";
import { currentEnvironment } from "../../environments/current";
import { announce } from "../../events/announce";
import { log } from "../../log/logger";
import { readApi } from "../../payment-api/read";
import { requireRoleBefore } from "../../team/role-since";
import { interimAnswer, stepErrorAnswer } from "./held-answers";
import type { HeldAnswer } from "./step";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * The approval the person's page showed them giving: "first" when it showed no first approval of a payment that
 * needs two (lib/client/api/approvals.ts sends it). The console refuses to make such an approval the second.
 */
const EXPECTED_STEP_HEADER = "x-approval-expected";

/**
 * The two-person rule (lib/server/approvals/two-approvers.ts): approving a pending payment at or above its currency's
 * threshold takes two distinct people. The first approval is recorded by the console and answered 202 without
 * reaching the API; the second, by someone else, is sent; the same person approving again is refused (409). A
 * rejection by either goes through as always and ends it. Runs after the audit step, so each is an audit row of its
 * own, marked "1 of 2" / "2 of 2" and linked by the first's request id.
 */
export const secondApproverStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve",
  async (context, next) => {
    if (!context.targetId) return next();
    const transactionId = context.targetId;
    const { user } = guardedOf(context);
    let step: ReturnType<typeof approvalStep>;
    try {
      const [first] = await firstApprovalsOf([transactionId]);
      let firstApproval = first;
      const needsTwo = first ? true : await needsTwoApproversNow(transactionId);
      step = approvalStep(needsTwo, first, user.id);
      if (step.kind === "first") {
        // The first approval that stands: this one, or one that landed at the same moment.
        const standing = await recordFirstApproval(transactionId, user, context.requestId);
        if (standing.requestId === context.requestId) {
          context.answer = firstApprovalAnswer(transactionId, user.email, context.requestId);
          // Other officers' open pages learn of it: the card's "1 of 2", and a dialog that said "yours is the first".
          await announce({
            kind: "approval-first",
            environment: currentEnvironment(),
            transactionId,
            approvedBy: user.email,
            approvedByName: user.name,
          });
          return;
        }
        // Another request's first approval won the race: this one is judged against it (second, or same person).
        step = approvalStep(true, standing, user.id);
        firstApproval = standing;
      }
      // The second approver must have held their role before the first approval: else the first approver could
      // create or raise an account to approve with (issue 46 item 2). 409 SECOND_PERSON_TOO_NEW.
      if (step.kind === "second" && firstApproval) {
        await requireRoleBefore(user.id, firstApproval.approvedAt, "payment's first approval");
        // The person's page showed no first approval (someone gave it while their dialog was open): they approved
        // believing a second check would follow, and this approval would send the money. Nothing is sent; their
        // page reads the first approval now, and they approve again knowing it.
        if (context.headers.get(EXPECTED_STEP_HEADER) === "first") {
          const by = firstApproval.approverName ?? firstApproval.approverEmail;
          throw new ApiError(
            409,
            "FIRST_APPROVAL_MEANWHILE",
            `${by} gave this payment its first approval while you had it open, so yours would be the second and would send the money. Nothing was sent: approve again to send it.`,
            { firstApprovalBy: firstApproval.approverEmail },
          );
        }
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        log.error("proxy", "two-person rule check failed", { requestId: context.requestId, error });
      }
      context.answer = errorAnswer(error, context.requestId);
      return;
    }
    if (step.kind === "same-person") {
      context.answer = errorAnswer(
        new ApiError(
          409,
          "SECOND_APPROVER_REQUIRED",
          "You gave this payment its first approval; a second officer must approve it.",
        ),
        context.requestId,
      );
      return;
    }
    await next();
    if (step.kind !== "second" || !context.answer) return;
    context.answer.auditSummary = {
      ...context.answer.auditSummary,
      approval: "2 of 2",
      firstApprovalBy: step.firstApproverEmail,
      firstApprovalRequestId: step.firstRequestId,
    };
    if (context.answer.outcome !== "allowed") return;
    // The API approved the payment: that is the answer and the audit's outcome, whatever happens to the console's
    // note that its pair of approvals is complete (a payment no longer pending leaves the queue either way).
    await completeFirstApproval(transactionId).catch((error: unknown) => {
      log.error("proxy", "a payment's completed pair of approvals was not noted", {
        requestId: context.requestId,
        transactionId,
        error,
      });
    });
  },
);

/**
 * Whether the payment, as the API has it now, is at or above its currency's threshold under the stricter of the rule
 * it arrived under (recorded from its webhook) and today's: lowering the rule after it arrived never lets it go with
 * one approver. A payment the console saw no webhook for is judged by today's rule. No call when no rule is set.
 * One that is no longer pending needs no second approver: the API refuses it.
 */
async function needsTwoApproversNow(transactionId: string): Promise<boolean> {
  const [thresholds, arrivals] = await Promise.all([listThresholds(), arrivalThresholdsOf([transactionId])]);
  const atArrival = arrivals.get(transactionId) ?? null;
  if (thresholds.length === 0 && (atArrival?.length ?? 0) === 0) return false;
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  // A payment no longer pending is the API's to refuse, with its own answer.
  if (transaction.status !== "PENDING") return false;
  const amount = transaction.receivedAmount;
  return amount ? needsTwoApproversFor(atArrival, thresholds, amount.currency.code, amount.amount) : false;
}

function firstApprovalAnswer(transactionId: string, email: string, requestId: string): HeldAnswer {
  const json = {
    transactionId,
    status: "AWAITING_SECOND_APPROVAL",
    approvals: 1,
    approvalsRequired: 2,
    firstApprovalBy: email,
    message: "Your approval is recorded. A second officer must approve before the payment is approved.",
  };
  return interimAnswer(json, requestId, { approval: "1 of 2" });
}

function errorAnswer(error: unknown, requestId: string): HeldAnswer {
  const unavailable = new ApiError(
    503,
    "APPROVAL_CHECK_FAILED",
    "The two-person rule could not be checked; nothing was sent. Try again.",
  );
  return stepErrorAnswer(error, unavailable, requestId);
}
