import "server-only";
import { z } from "zod";
import { ApiError } from "../../../../shared/api-error";
import { readApi } from "../../payment-api/read";
import { passesCheck } from "./held-answers";
import { type RelayStep, stepWhen } from "./step";

// Only what the check needs: a record the contract would find fault with elsewhere does not stop an approval here.
const paymentFields = z.object({ status: z.string(), type: z.string(), customerId: z.string().optional() });
const customerFields = z.object({ isDeleted: z.boolean().optional() });

/**
 * A payment whose customer was deleted while it waited is not approved by a person (409 CUSTOMER_DELETED): the
 * payment service would fail the approval (nothing may reach a deleted customer), which ends the payment as FAILED
 * and tells the sender nothing of why. Refused here instead, whatever the page showed (the approval card and the
 * payment's page grey Approve out for the same reason), the payment stays waiting, and the officer rejects it with a
 * reason. Reads the payment and its customer from the API as they are now; a payment no longer pending, or not
 * incoming, goes on to the API, whose own answer is the answer. Runs after the audit step, so a refusal is an audit
 * row, and before the two-person rule, so no first approval is recorded for it. A rejection always goes through.
 */
export const receiverNotDeletedStep: RelayStep = stepWhen(
  (context) => context.action === "payment.approve",
  async (context, next) => {
    const transactionId = context.targetId;
    if (!transactionId) return next();
    const live = await passesCheck(
      context,
      async () => {
        const transaction = await readApi(
          `/transactions/${encodeURIComponent(transactionId)}`,
          paymentFields,
        );
        const customerId = transaction.customerId;
        if (transaction.status !== "PENDING" || transaction.type !== "INCOMING" || !customerId) return;
        const customer = await readApi(`/customers/${encodeURIComponent(customerId)}`, customerFields);
        if (customer.isDeleted !== true) return;
        throw new ApiError(
          409,
          "CUSTOMER_DELETED",
          "The customer was deleted while this payment waited: approving it would fail it, so nothing was sent. Reject it to tell the sender why.",
          { transactionId, customerId },
        );
      },
      {
        what: "the payment's customer could not be read before approval",
        unavailable: new ApiError(
          503,
          "CUSTOMER_CHECK_FAILED",
          "Whether the payment's customer still exists could not be checked; nothing was sent. Try again.",
        ),
      },
    );
    if (!live) return;
    await next();
  },
);
