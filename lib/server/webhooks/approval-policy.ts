import "server-only";
import { type ApprovalAnswer, decidePendingPayment, recordPolicyDecision } from "../policies/decide";
import { claimPaymentDecision } from "../policies/evaluations";
import type { ParsedWebhook } from "./inbox";

/**
 * How the console answers a PENDING INCOMING_PAYMENT webhook (api-notes §3: 200 approve, 403 reject,
 * 422 ask for more, 202 decide later): by the approval policies (lib/server/policies/decide.ts), inside their time budget;
 * whatever they cannot decide is held for people in the approval queue.
 */

/**
 * Decides and records (audit row, stored evaluation) the answer to a new pending payment's webhook, once per
 * payment: null when the payment was already claimed by another delivery (issue 46 item 10), which is then
 * answered "already processed" without a second evaluation or audit row.
 */
export async function answerPendingPayment(
  webhook: ParsedWebhook,
  requestId: string,
): Promise<ApprovalAnswer | null> {
  // A body without a payment id cannot name a payment twice; its webhook id's own claim keeps it to one decision.
  if (webhook.transactionId && !(await claimPaymentDecision(webhook.transactionId, webhook.webhookId))) {
    return null;
  }
  return recordPolicyDecision(await decidePendingPayment(webhook), requestId);
}
