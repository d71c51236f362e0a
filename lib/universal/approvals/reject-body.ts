import { rejectTransactionBodySchema } from "../../../shared/contract";
import { isVisibleReason } from "../privacy/reason";
import { REJECT_REASON_PROBLEM } from "./reject-reason";

/**
 * POST /api/payments/transactions/:id/reject as the console takes it (the relay's contract step, route-table.ts):
 * the payment API's body, whose reason is optional, with the console's rule for a reason: required, at least ten
 * letters or digits (invisible characters are no reason, issue 46 item 11). Refused 400 before anything is sent.
 */
export const consoleRejectBodySchema = rejectTransactionBodySchema.extend({
  reason: rejectTransactionBodySchema.shape.reason
    .unwrap()
    .refine((text) => isVisibleReason(text), REJECT_REASON_PROBLEM),
});
