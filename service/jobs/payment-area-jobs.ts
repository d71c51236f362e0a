import { handleApprovalReply } from "../domain/incoming-payments";
import { expireDueInvitations } from "../domain/invitations";
import { takeDueStep, takeDueSteps } from "../domain/payment-steps";
import { expireDueQuotes, expireQuoteWhenDue } from "../domain/quotes";
import type { AreaJobs } from "./area-jobs";

/** Background work of the payment area (approval time-outs, simulated settlement, quote expiry). */
export const paymentAreaJobs: AreaJobs = {
  tasks: {
    payment_step: (context) => async (payload) => {
      const { transactionId } = payload as { transactionId: string };
      await context.clock.refresh();
      await takeDueStep(context, transactionId);
    },
    quote_expiry: (context) => async (payload) => {
      const { quoteId } = payload as { quoteId: string };
      await context.clock.refresh();
      await expireQuoteWhenDue(context, quoteId);
    },
  },
  onWebhookReply: handleApprovalReply,
  async afterClockMove(context) {
    const now = context.clock.now();
    await expireDueQuotes(context.db, now);
    await expireDueInvitations(context.db, now);
    await takeDueSteps(context);
  },
};
