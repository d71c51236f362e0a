import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { log } from "../../log/logger";
import { latestScreeningsOf } from "../../screening/screen-subject";
import { stepErrorAnswer } from "./held-answers";
import { type RelayStep, stepWhen } from "./step";

/**
 * A payment whose sender is an open potential match on a watchlist is not approved by a person either (issue 48):
 * each match is first dismissed as a false positive, with a reason (lib/server/screening/dismiss.ts), or confirmed.
 * The policies never approve such a payment (lib/server/screening/screen-payment.ts); this is the same rule for
 * people, on the server, whatever the page showed. Runs after the audit step, so a refusal is an audit row, and
 * before the two-person rule, so no first approval is recorded for it. A rejection always goes through.
 */
export const screeningClearStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve",
  async (context, next) => {
    if (!context.targetId) return next();
    try {
      const screening = (await latestScreeningsOf("payment", [context.targetId])).get(context.targetId);
      if (screening?.status === "open") {
        throw new ApiError(
          409,
          "SCREENING_MATCH_OPEN",
          "The sender is a potential match on a watchlist: dismiss each match as a false positive, with a reason, before approving.",
        );
      }
      if (screening?.status === "confirmed") {
        throw new ApiError(
          409,
          "SCREENING_MATCH_CONFIRMED",
          "The sender is a confirmed match on a watchlist: this payment cannot be approved.",
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        log.error("proxy", "screening check before approval failed", { requestId: context.requestId, error });
      }
      const unavailable = new ApiError(
        503,
        "SCREENING_CHECK_FAILED",
        "The sender's screening could not be checked; nothing was sent. Try again.",
      );
      context.answer = stepErrorAnswer(error, unavailable, context.requestId);
      return;
    }
    await next();
  },
);
