import "server-only";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { transactionSchema, userInfoFieldNameSchema } from "../../../shared/contract";
import { visibleReasonSchema } from "../../universal/privacy/reason";
import { readApi } from "../payment-api/read";
import { transactionEvents } from "./events";

/** POST /api/privacy/reveal: one field of a payment's counterparty data, and why the person needs it. */
export const revealBodySchema = z.strictObject({
  transactionId: z.string().trim().min(1).max(200),
  field: userInfoFieldNameSchema,
  // At least ten letters or digits: invisible characters (ten U+200B) are no reason (issue 46 item 11).
  justification: visibleReasonSchema,
});
export type RevealBody = z.infer<typeof revealBodySchema>;

/**
 * The field's value as the counterparty shared it: from the payment as the API holds it, else from the webhooks the
 * console received about it (a pending payment's sender data arrives with its webhook).
 */
export async function counterpartyField(transactionId: string, field: string): Promise<string> {
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  const fromApi = transaction.counterpartyInformation?.[field];
  if (typeof fromApi === "string") return fromApi;
  const fromWebhooks = (await transactionEvents(transactionId)).counterpartyInformation?.[field];
  if (typeof fromWebhooks === "string") return fromWebhooks;
  throw new ApiError(404, "NOT_FOUND", `The counterparty shared no ${field} with this payment.`);
}
