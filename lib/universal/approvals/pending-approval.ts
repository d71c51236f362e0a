import type { Transaction } from "../../../shared/contract";
import type { PolicyEvaluationView } from "../policies/evaluation-view";
import type { ScreeningRecord } from "../screening/records";

/**
 * One payment of the approval queue as GET /api/approvals answers it: built by the server (lib/server/approvals/queue.ts),
 * read by the browser (lib/client/api/approvals.ts). Types only, so both sides share it.
 */
export interface PendingApproval {
  transaction: Transaction;
  counterpartyInformation: Record<string, unknown>;
  /** The fields of counterpartyInformation masked for the person's role (lib/privacy); absent when none. */
  maskedCounterpartyFields?: string[] | undefined;
  requestedReceiverCustomerInfoFields: { name: string; mandatory: boolean }[];
  /**
   * When the payment API will fail the payment undecided (PAYMENT_APPROVAL_TIMED_OUT), as the API states it
   * (the transaction's approvalDeadline); null when the API states none, as for a sender that waits indefinitely:
   * the console never guesses one, so it never says "closed" while the API still takes a decision.
   */
  deadline: string | null;
  receivedAt?: string | undefined;
  /** Under the two-person rule: needs a second approver, and who gave the first approval so far (if anyone). */
  twoApprovers:
    | { required: boolean; firstBy: { id: string; email: string; name: string | null }; firstAt: string }
    | { required: boolean; firstBy: null };
  /** The approval policies' evaluation that held it (lib/policies), when one did. */
  policy?: PolicyEvaluationView | undefined;
  /** The payment's latest screening of its sender (issue 48), with its hits explained. */
  screening?: ScreeningRecord | undefined;
}

/**
 * GET /api/approvals (app/api/approvals/route.ts): one page of the queue (lib/universal/approvals/queue-page.ts),
 * soonest deadline first unless another order is asked for, narrowed by the filters if any.
 */
export interface ApprovalQueue {
  data: PendingApproval[];
  approvalWindowSeconds: number;
  /** The next page's `cursor`; absent on the last page. */
  nextCursor?: string | undefined;
  /**
   * How many payments the filters match, over every page (all that wait when unfiltered); null when the payment API
   * does not count them (it counts up to 10,000).
   */
  totalCount: number | null;
  /** How many payments wait in all, filtered or not; null when the payment API does not count them. */
  waiting: number | null;
}

/** GET /api/approvals/summary: what the overview shows of the queue, without the whole queue. */
export interface ApprovalSummary {
  /** How many payments wait (the payment API's count); null when it does not count them (beyond 10,000). */
  waiting: number | null;
  /** The few with the soonest deadlines, soonest first, as the queue has them. */
  soonest: PendingApproval[];
}
