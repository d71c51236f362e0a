import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { transactionSchema } from "../../../../shared/contract";
import { incomingPaymentOf } from "../../../universal/policies/facts";
import type { ScreeningRecord } from "../../../universal/screening/records";
import { readApi } from "../../payment-api/read";
import { requireOtherThanDismisser } from "../../screening/dismissed-by";
import { latestScreeningsOf, queryOfCounterparty, screenSubject } from "../../screening/screen-subject";
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
 * pending) is screened now, from the API's own record of it, by the same code as on arrival: nobody approves a sender
 * no list was asked about.
 */
export const screeningClearStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve",
  async (context, next) => {
    const transactionId = context.targetId;
    if (!transactionId) return next();
    const clear = await passesCheck(
      context,
      async () => {
        const screening =
          (await latestScreeningsOf("payment", [transactionId])).get(transactionId) ??
          (await screenNow(transactionId));
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

/**
 * Screens the payment's sender as the API has it now; undefined when the API's record names no one to screen, or
 * the payment is no longer pending (the API refuses its approval with its own answer).
 */
async function screenNow(transactionId: string): Promise<ScreeningRecord | undefined> {
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  if (transaction.status !== "PENDING") return undefined;
  const query = queryOfCounterparty(incomingPaymentOf({ transaction })?.counterparty ?? {});
  return query ? screenSubject({ type: "payment", id: transactionId }, query) : undefined;
}
