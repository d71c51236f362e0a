import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { quoteSchema } from "../../../../shared/contract/quotes";
import { screeningMatched } from "../../../universal/screening/records";
import { log } from "../../log/logger";
import { resolveNames } from "../../names/resolve";
import { readApi } from "../../payment-api/read";
import { requireOtherThanDismisser } from "../../screening/dismissed-by";
import { recipientScreening } from "../../screening/screen-recipient";
import { passesCheck, stepErrorAnswer } from "./held-answers";
import { guardedOf, type RelayContext, type RelayStep, stepWhen } from "./step";

// Every way the console's API sends money to an account: executing a quote, a quote created to execute at once,
// retrying a failed payment (it pays the original quote's recipient again), and a transfer out.
const GATED = new Set(["quote.execute", "quote.create", "payment.retry", "transfer.out"]);

type Body =
  | {
      source?: { accountId?: string; customerId?: string };
      destination?: { accountId?: string };
      immediatelyExecute?: boolean;
    }
  | undefined;

/**
 * The customers who may own the account paid, from where the money comes: a customer registers the bank accounts
 * they pay as their own, and a transfer out goes to its source's owner's account.
 */
async function sendersOf(
  source: { accountId?: string | undefined; customerId?: string | undefined } | undefined,
) {
  if (source?.customerId) return [source.customerId];
  if (!source?.accountId?.startsWith("InternalAccount:")) return [];
  const named = (await resolveNames([source.accountId]))[source.accountId];
  return named?.kind === "customer-account" ? [named.customerId] : [];
}

/** The external account the request pays now, if any, and the customers who may own it. */
async function paidAccountOf(
  context: RelayContext,
): Promise<{ accountId: string | undefined; ownerIds: () => Promise<string[]> }> {
  const body = context.parsedBody as Body;
  const fromBody = () => sendersOf(body?.source);
  if (context.action === "transfer.out")
    return { accountId: body?.destination?.accountId, ownerIds: fromBody };
  // A quote only pays when executed, unless it is created to execute at once.
  if (context.action === "quote.create")
    return {
      accountId: body?.immediatelyExecute ? body.destination?.accountId : undefined,
      ownerIds: fromBody,
    };
  if (!context.targetId) return { accountId: undefined, ownerIds: async () => [] };
  // The API's own answer for a quote it does not have (404) is the answer here too.
  const quote = await readApi(`/quotes/${encodeURIComponent(context.targetId)}`, quoteSchema);
  return { accountId: quote.destination.accountId, ownerIds: () => sendersOf(quote.source) };
}

/**
 * No money goes to an external account whose holder is an open or confirmed potential match on a watchlist (issue 48,
 * outgoing payments): executing a quote that pays one (or creating one to execute at once, or retrying one), or a
 * transfer out to one, first screens the holder (the account's beneficiary, or the customer whose account it is) if
 * no screening of it is stored, then refuses while a match is open (compliance dismisses it, with a reason, on the
 * recipient's screening page) or confirmed. A holder who cannot be screened holds the payment: nothing is sent. An
 * account that names no holder (the platform's, registered without a beneficiary) is refused too: anyone's account
 * could be registered as the platform's, so an unnamed one would be a way around the watchlists. Whoever dismissed
 * the holder's matches does not send the money to them (decision 0090, 409 DISMISSED_BY_YOU). A UMA address names no person, so a payment to one is
 * not screened here (the receiving platform screens its own user). Runs after the audit step, so a refusal is an
 * audit row.
 */
export const recipientScreeningClearStep: RelayStep = stepWhen(
  (context) => GATED.has(context.action),
  async (context, next) => {
    const unavailable = new ApiError(
      503,
      "SCREENING_CHECK_FAILED",
      "The recipient could not be screened against the watchlists; nothing was sent. Try again.",
    );
    let accountId: string | undefined;
    let ownerIds: () => Promise<string[]> = async () => [];
    try {
      ({ accountId, ownerIds } = await paidAccountOf(context));
    } catch (error) {
      if (!(error instanceof ApiError))
        log.error("proxy", "the quote could not be read", { requestId: context.requestId, error });
      context.answer = stepErrorAnswer(error, unavailable, context.requestId);
      return;
    }
    if (!accountId?.startsWith("ExternalAccount:")) return next();
    let refusal: ApiError | null = null;
    let screening: Awaited<ReturnType<typeof recipientScreening>> = null;
    try {
      screening = await recipientScreening(accountId, ownerIds);
      if (screening === "unnamed") {
        refusal = new ApiError(
          409,
          "RECIPIENT_UNNAMED",
          "The account names no holder, so it cannot be screened against the watchlists: nothing was sent. Register the account again with its holder (the beneficiary) to pay it.",
          { accountId },
        );
      } else if (screening?.status === "failed") refusal = unavailable;
      else if (screening && screeningMatched(screening)) {
        const open = screening.status === "open";
        refusal = new ApiError(
          409,
          open ? "SCREENING_MATCH_OPEN" : "SCREENING_MATCH_CONFIRMED",
          open
            ? `The account's holder, ${screening.subjectName}, is a potential match on a watchlist: compliance must dismiss each match as a false positive, with a reason, before money is sent to them.`
            : `The account's holder, ${screening.subjectName}, is a confirmed match on a watchlist: no money can be sent to them.`,
          { screeningId: screening.id, accountId },
        );
      }
    } catch (error) {
      // Whatever failed (the account, its customer, the lists), nothing is sent: the API's error is not this answer.
      log.error("proxy", "the recipient could not be screened", {
        requestId: context.requestId,
        accountId,
        error,
      });
      // An account the console could not find to screen (RECIPIENT_NOT_FOUND) says so; anything else may pass on retry.
      refusal = error instanceof ApiError && error.code === "RECIPIENT_NOT_FOUND" ? error : unavailable;
    }
    if (refusal) {
      context.answer = stepErrorAnswer(refusal, unavailable, context.requestId);
      return;
    }
    if (screening && screening !== "unnamed") {
      const { user } = guardedOf(context);
      const record = screening;
      const clear = await passesCheck(
        context,
        () =>
          requireOtherThanDismisser(
            user.id,
            record,
            `You dismissed the watchlist match of the account's holder, ${record.subjectName}, so someone else sends money to them: one person does not both clear the recipient and pay them.`,
          ),
        { what: "the recipient's dismissals could not be read", unavailable },
      );
      if (!clear) return;
    }
    await next();
  },
);
