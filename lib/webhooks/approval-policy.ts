import "server-only";
import { decidePendingPayment, recordPolicyDecision } from "../policies/decide";
import type { ParsedWebhook } from "./inbox";

/**
 * How the console answers a PENDING INCOMING_PAYMENT webhook (api-notes §3: 200 approve, 403 reject,
 * 422 ask for more, 202 decide later): by the approval policies (lib/policies/decide.ts), inside their time budget;
 * whatever they cannot decide is held for people in the approval queue.
 */
export interface ApprovalAnswer {
  status: 200 | 202 | 403 | 422;
  body: Record<string, unknown>;
}

/** Decides and records (audit row, stored evaluation) the answer to a new pending payment's webhook. */
export async function answerPendingPayment(
  webhook: ParsedWebhook,
  requestId: string,
): Promise<ApprovalAnswer> {
  return recordPolicyDecision(await decidePendingPayment(webhook), requestId);
}
