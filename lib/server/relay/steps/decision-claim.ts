import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { claimDecisionForPerson } from "../../policies/evaluations";
import { passesCheck } from "./held-answers";
import { type RelayStep, stepWhen } from "./step";

/**
 * One decision per payment, whoever makes it: a person's approval or rejection claims the payment's decision as the
 * policies' evaluation of its webhook does (lib/server/policies/evaluations.ts), so the two never both decide it
 * (the policies approving while an officer rejects, or a late webhook decided by the policies after a person
 * decided). While the policies are deciding it the person waits for them (at most their time budget and a margin);
 * a payment they held is the people's, one they approved or rejected in the last minute is 409 POLICY_DECIDED and
 * nothing is sent. Runs after the audit step, so a refusal is an audit row.
 */
export const decisionClaimStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve" || context.action === "payment.reject",
  async (context, next) => {
    const transactionId = context.targetId;
    if (!transactionId) return next();
    const claimed = await passesCheck(
      context,
      async () => {
        if ((await claimDecisionForPerson(transactionId, context.requestId)) === "decided") {
          throw new ApiError(
            409,
            "POLICY_DECIDED",
            "The approval policy has just approved or rejected this payment, and its answer is on its way to the payment API; nothing was sent. Look at the payment again.",
          );
        }
      },
      {
        what: "the payment's decision could not be claimed",
        unavailable: new ApiError(
          503,
          "DECISION_CHECK_FAILED",
          "Whether the approval policy is deciding this payment could not be checked; nothing was sent. Try again.",
        ),
      },
    );
    if (!claimed) return;
    await next();
  },
);
