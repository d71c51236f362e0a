import { eq } from "drizzle-orm";
import { MAX_MINOR_AMOUNT, type SendSandboxPaymentBody } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { internalAccounts } from "../db/schema";
import { ApiError } from "../errors";
import { presentInternalAccount } from "./accounts";
import { moveMoney } from "./ledger";
import { moneyText, requireReceivingOwner } from "./payment-accounts";
import {
  claimFunding,
  claimQuoteOrThrow,
  collectionInstructions,
  expireDueQuotes,
  failClaimedQuote,
  recordQuotePayment,
  requireQuote,
  runQuote,
} from "./quotes";
import { announceTransaction, presentTransaction } from "./transactions";

/** POST /sandbox/internal-accounts/{id}/fund: money appears at once from the sandbox's funding source. */
export async function fundInternalAccount(context: ServiceContext, accountId: string, amount: number) {
  const now = context.clock.now();
  const account = await context.db.transaction(async (tx) => {
    // Nobody can spend from a deleted or not-ready customer's account: money put there would be lost to everyone.
    await requireReceivingOwner(tx, accountId);

    const [before] = await tx
      .select()
      .from(internalAccounts)
      .where(eq(internalAccounts.id, accountId))
      .for("update");
    if (!before) throw new ApiError(404, "ACCOUNT_NOT_FOUND", `Internal account ${accountId} was not found.`);
    if (before.balance + amount > MAX_MINOR_AMOUNT) {
      throw new ApiError(400, "AMOUNT_OUT_OF_RANGE", `The balance would exceed ${MAX_MINOR_AMOUNT}.`);
    }
    await moveMoney(tx, {
      legs: [
        { account: "sandbox:funding", currencyCode: before.currencyCode, amount: -amount },
        { account: before.id, currencyCode: before.currencyCode, amount },
      ],
      now,
    });
    // The movement sends ACCOUNT_STATUS, as every balance change does (service/domain/ledger.ts).
    const [after] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, accountId));
    if (!after) throw new Error("funded account disappeared");
    return after;
  });
  return presentInternalAccount(account);
}

/**
 * POST /sandbox/send: the quote's funds arrive as its instructions say and the quote is paid at once. A real-time
 * funded quote is funded this way, before or after it is executed. An amount
 * other than the quote's totalSendingAmount is refused by the (simulated) collection: the quote and its
 * transaction FAIL with FUNDING_AMOUNT_MISMATCH and no money moves. The failed payment keeps the quote's amounts;
 * its failureDetail names what arrived and what was needed, as money ("Received $150.00 but the quote needs
 * $200.00; the funds were returned.").
 */
export async function sendSandboxPayment(context: ServiceContext, body: SendSandboxPaymentBody) {
  const quote = await requireQuote(context.db, body.quoteId);
  if (body.currencyCode !== quote.sendingCurrency) {
    throw new ApiError(
      400,
      "INVALID_CURRENCY",
      `Quote ${quote.id} is paid in ${quote.sendingCurrency}, not ${body.currencyCode}.`,
      { fields: [{ path: "currencyCode", message: `Must be ${quote.sendingCurrency}` }] },
    );
  }
  const now = context.clock.now();
  await expireDueQuotes(context.db, now, quote.id);
  const transaction = await context.db.transaction(async (tx) => {
    // A real-time funded quote may already be executed and waiting for this money.
    const claimed = quote.realTimeFunding
      ? await claimFunding(tx, quote.id, now)
      : await claimQuoteOrThrow(tx, quote.id, now);
    if (body.currencyAmount === undefined || body.currencyAmount === claimed.totalSendingAmount) {
      return (await runQuote(tx, claimed, now, { fundedFromOutside: true })).transaction;
    }
    await failClaimedQuote(tx, claimed, now);
    // A real-time funded quote executed before this money came has its payment PENDING: that one fails. Its amounts
    // stay the quote's (what the payment was to send and deliver, as every failed payment's do); nothing was sent,
    // and the money that did arrive, returned to where it came from (api-notes §5), is said in its failureDetail.
    const failed = await recordQuotePayment(
      tx,
      claimed,
      {
        status: "FAILED",
        // Funded from outside, as a paid one: where the money was sent (the contract's outgoing paymentInstructions).
        paymentInstructions:
          claimed.paymentInstructions ??
          collectionInstructions(claimed.sendingCurrency, claimed.totalSendingAmount),
        failureReason: "FUNDING_AMOUNT_MISMATCH",
        rejectionReason: `Received ${moneyText(body.currencyAmount, claimed.sendingCurrency)} but the quote needs ${moneyText(claimed.totalSendingAmount, claimed.sendingCurrency)}; the funds were returned.`,
      },
      now,
    );
    await announceTransaction(tx, failed, now);
    return failed;
  });
  return presentTransaction(transaction);
}
