import "server-only";
import { ApiError } from "../../../shared/api-error";
import { transactionSchema } from "../../../shared/contract";
import { revealBodySchema } from "../../universal/console-api/bodies";
import { readApi } from "../payment-api/read";
import { transactionEvents } from "./events";

export { revealBodySchema };

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
