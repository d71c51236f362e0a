import "server-only";
import { transactionSchema } from "../../../shared/contract";
import { log } from "../log/logger";
import { readApi } from "../payment-api/read";
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
 * payment: null when the payment was already claimed by another delivery (issue 46 item 10) or by a person deciding
 * it (lib/server/relay/steps/decision-claim.ts), or is no longer pending at the API, which is then answered
 * "already processed" without an evaluation or audit row.
 */
export async function answerPendingPayment(
  webhook: ParsedWebhook,
  requestId: string,
): Promise<ApprovalAnswer | null> {
  // A body without a payment id cannot name a payment twice; its webhook id's own claim keeps it to one decision.
  if (webhook.transactionId && !(await claimPaymentDecision(webhook.transactionId, webhook.webhookId))) {
    return null;
  }
  // Decided at the API before its webhook arrived (late or retried): the policies have nothing left to decide, and
  // an evaluation would credit them with someone else's decision.
  if (webhook.transactionId && (await noLongerPending(webhook.transactionId))) return null;
  return recordPolicyDecision(await decidePendingPayment(webhook), requestId);
}

/** The longest the status read may take: the decision's own budget and the platform's 30 s come after it. */
const STATUS_READ_MS = 1_000;

/** Whether the API has the payment in a status other than PENDING now; false when it cannot say within a second. */
async function noLongerPending(transactionId: string): Promise<boolean> {
  try {
    const transaction = await readApi(
      `/transactions/${encodeURIComponent(transactionId)}`,
      transactionSchema,
      STATUS_READ_MS,
    );
    return transaction.status !== "PENDING";
  } catch (error) {
    log.warn("webhooks", "the payment's status could not be read before deciding it", {
      transactionId,
      error,
    });
    return false;
  }
}
