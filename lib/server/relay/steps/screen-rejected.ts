import "server-only";
import { log } from "../../log/logger";
import { screenSenderAsRecorded } from "../../screening/screen-payment";
import { latestScreeningsOf } from "../../screening/screen-subject";
import { type RelayStep, stepWhen } from "./step";

/**
 * A payment a person rejected before the console screened its sender (its PENDING webhook not delivered yet, or
 * late: the queue lists what the API has pending) is screened once the API has accepted the rejection, from the
 * API's own record of it, as its webhook would have had it screened: a listed sender's rejected payment is an alert
 * like any other, and compliance may have to report a rejected payment from a listed person. It never changes the
 * answer; a failure to screen is logged. A payment the console already screened (not as a failure) is left as it is.
 */
export const screenRejectedStep: RelayStep = stepWhen(
  (context) => context.action === "payment.reject",
  async (context, next) => {
    await next();
    const answer = context.answer;
    const transactionId = context.targetId;
    if (!transactionId || !answer || answer.replayed || answer.outcome !== "allowed") return;
    try {
      const stored = (await latestScreeningsOf("payment", [transactionId])).get(transactionId);
      if (stored && stored.status !== "failed") return;
      await screenSenderAsRecorded(transactionId);
    } catch (error) {
      log.error("screening", "the sender of a rejected payment could not be screened", {
        transactionId,
        error,
      });
    }
  },
);
