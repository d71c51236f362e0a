import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { log } from "../../log/logger";
import { claimDecisionForPerson } from "../../policies/evaluations";
import { stepErrorAnswer } from "./held-answers";
import { type RelayStep, stepWhen } from "./step";

/**
 * One decision per payment, whoever makes it: a person's approval or rejection claims the payment's decision as the
 * policies' evaluation of its webhook does (lib/server/policies/evaluations.ts), so the two never both decide it
 * (the policies approving while an officer rejects, or a late webhook decided by the policies after a person
 * decided). While the policies are deciding it the person waits for them; if they are still deciding after their
 * time budget, 409 POLICY_DECIDING and nothing is sent. Runs after the audit step, so a refusal is an audit row.
 */
export const decisionClaimStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve" || context.action === "payment.reject",
  async (context, next) => {
    if (!context.targetId) return next();
    try {
      if ((await claimDecisionForPerson(context.targetId, context.requestId)) === "deciding") {
        throw new ApiError(
          409,
          "POLICY_DECIDING",
          "The approval policy is deciding this payment right now; nothing was sent. Look at it again in a moment.",
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        log.error("proxy", "the payment's decision could not be claimed", {
          requestId: context.requestId,
          error,
        });
      }
      const unavailable = new ApiError(
        503,
        "DECISION_CHECK_FAILED",
        "Whether the approval policy is deciding this payment could not be checked; nothing was sent. Try again.",
      );
      context.answer = stepErrorAnswer(error, unavailable, context.requestId);
      return;
    }
    await next();
  },
);
