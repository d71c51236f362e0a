import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { requireOtherThanDismisser } from "../../screening/dismissed-by";
import { screenSenderAsRecorded } from "../../screening/screen-payment";
import { latestScreeningsOf } from "../../screening/screen-subject";
import { passesCheck } from "./held-answers";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * A payment whose sender is an open potential match on a watchlist is not approved by a person either (issue 48):
 * each match is first dismissed as a false positive, with a reason (lib/server/screening/dismiss.ts), or confirmed.
 * The policies never approve such a payment (lib/server/screening/screen-payment.ts); this is the same rule for
 * people, on the server, whatever the page showed. Runs after the audit step, so a refusal is an audit row, and
 * before the two-person rule, so no first approval is recorded for it. A rejection always goes through.
 *
 * A sender whose matches were dismissed is approved by someone other than whoever dismissed them (decision 0090,
 * lib/server/screening/dismissed-by.ts): one officer does not both clear the sender and release the money.
 *
 * A payment the console has not screened yet (its webhook not delivered, or late: the queue lists what the API has
 * pending), or whose screening failed, is screened now, from the API's own record of it, by the same code as on
 * arrival: nobody approves a sender no list was asked about. A sender the payment does not name cannot be screened,
 * so its payment is not approved by a person either (409 SENDER_UNNAMED); it can be rejected.
 */
export const screeningClearStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve",
  async (context, next) => {
    const transactionId = context.targetId;
    if (!transactionId) return next();
    const clear = await passesCheck(
      context,
      async () => {
        const stored = (await latestScreeningsOf("payment", [transactionId])).get(transactionId);
        // A screening that failed (no list answered) cleared no one: the sender is screened again now.
        // A payment no longer pending is left to the API, which refuses its approval with its own answer.
        const screening =
          stored && stored.status !== "failed"
            ? stored
            : await screenSenderAsRecorded(transactionId, (transaction) => transaction.status === "PENDING");
        if (screening === "unnamed") {
          throw new ApiError(
            409,
            "SENDER_UNNAMED",
            "The payment names no sender, so no watchlist could be asked about them: it cannot be approved. Reject it, or have the currency require the sender's full name (Configuration, Currencies) for payments to come.",
            { transactionId },
          );
        }
        if (screening?.status === "failed") {
          throw new ApiError(
            503,
            "SCREENING_CHECK_FAILED",
            "The sender could not be screened against the watchlists; nothing was sent. Try again.",
          );
        }
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
        if (screening) {
          await requireOtherThanDismisser(
            guardedOf(context).user.id,
            screening,
            "You dismissed the sender's watchlist match, so another officer approves this payment: one person does not both clear the sender and release the money.",
          );
        }
      },
      {
        what: "screening check before approval failed",
        unavailable: new ApiError(
          503,
          "SCREENING_CHECK_FAILED",
          "The sender's screening could not be checked; nothing was sent. Try again.",
        ),
      },
    );
    if (!clear) return;
    await next();
  },
);
