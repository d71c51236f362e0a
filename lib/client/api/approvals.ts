import { queryOptions } from "@tanstack/react-query";
import type { Transaction, TransactionList } from "../../../shared/contract";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import type { QueueSort } from "../../universal/approvals/queue-sort";
import { waitingBadge } from "../../universal/approvals/waiting-badge";
import { consoleCall, paymentsFetch, toQuery } from "./client";
import { entryMayBeRead, sendingDecision } from "./decisions-sent";

export type { PendingApproval } from "../../universal/approvals/pending-approval";

import type { ApprovalThresholds, ThresholdsChangeResult } from "../../universal/console-api/types";

export type { ApprovalThresholds, ThresholdsChangeResult };

/** Which page of the approval queue (GET /api/approvals), narrowed and ordered how. */
export interface ApprovalQueuePage {
  q?: string | undefined;
  currency?: string | undefined;
  sort?: QueueSort | undefined;
  /** The previous page's nextCursor; none for the first page. */
  cursor?: string | undefined;
}

/**
 * The query GET /api/approvals is asked with for one page of the queue. The unnarrowed first page's address is
 * FIRST_QUEUE_PAGE_URL, which the approvals page preloads (lib/universal/approvals/queue-page.ts): the two must stay
 * one address, or the preload is wasted and the queue asks again.
 */
export function approvalQueueParams(page: ApprovalQueuePage = {}) {
  return {
    q: page.q?.trim() || undefined,
    currency: page.currency || undefined,
    sort: page.sort ?? "deadline",
    cursor: page.cursor,
  };
}

/** One page of the queue; the first, unfiltered and soonest deadline first, when nothing is said. */
export const approvalQueueQuery = (page: ApprovalQueuePage = {}) => {
  const params = approvalQueueParams(page);
  return queryOptions({
    queryKey: pageKeys.approvalQueue(params),
    queryFn: ({ signal }) => consoleCall("GET /api/approvals", { query: params, signal }),
    // Live events keep it fresh; the interval covers a dropped event stream.
    refetchInterval: 30_000,
  });
};

/**
 * One payment's queue entry (GET /api/approvals/:transactionId) for its own page, on whichever page of the queue it
 * is, while the page shows it waiting. Under the approvals' key, so the live events that refresh the queue refresh it.
 */
export const approvalEntryQuery = (transactionId: string, waiting: boolean) =>
  queryOptions({
    queryKey: pageKeys.approvalEntry(transactionId),
    // Not while this tab's own decision on it is on its way, nor after it was final (decisions-sent.ts). Asked as
    // each refresh begins, not at the page's next render.
    enabled: () => waiting && entryMayBeRead(transactionId),
    queryFn: ({ signal }) =>
      consoleCall("GET /api/approvals/[transactionId]", { params: { transactionId }, signal }),
    refetchInterval: 30_000,
    // A payment decided meanwhile has no entry (404): the page falls back to the transaction, no retries.
    retry: false,
  });

/**
 * The overview's card: how many wait and the soonest few (GET /api/approvals/summary), not the whole queue. Under
 * the approvals' key, so every live event that refreshes the queue refreshes it.
 */
export const approvalSummaryQuery = () =>
  queryOptions({
    queryKey: pageKeys.approvalSummary(),
    queryFn: ({ signal }) => consoleCall("GET /api/approvals/summary", { signal }),
    refetchInterval: 30_000,
  });

/**
 * The navigation's count of payments waiting for a decision, on every page: one item of the API's list and its
 * totalCount, not the queue itself. Under the approvals' key, so every live event that refreshes the queue refreshes
 * it; the interval covers payments whose window closes with no one watching.
 */
export const waitingBadgeQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.approvals, "waiting-badge"],
    queryFn: async ({ signal }) =>
      waitingBadge(
        await paymentsFetch<TransactionList>(
          `/transactions${toQuery({ type: "INCOMING", status: "PENDING", limit: 1 })}`,
          { signal },
        ),
      ),
    refetchInterval: 30_000,
  });

/** A first approval of two, recorded by the console (202); the payment stays pending until a second officer approves. */
export interface FirstApprovalRecorded {
  transactionId: string;
  status: "AWAITING_SECOND_APPROVAL";
  approvals: 1;
  approvalsRequired: 2;
  firstApprovalBy: string;
  message: string;
}

export function isFirstApproval(
  answer: Transaction | FirstApprovalRecorded,
): answer is FirstApprovalRecorded {
  return answer.status === "AWAITING_SECOND_APPROVAL";
}

/**
 * Approves a held payment. `expected` "first": the page showed the person giving the first of two approvals; the
 * console refuses (409 FIRST_APPROVAL_MEANWHILE) to make it the second, which sends the money, when someone else gave
 * the first meanwhile.
 */
export function approvePayment(
  transactionId: string,
  receiverCustomerInfo: Record<string, string>,
  expected?: "first",
) {
  return sendingDecision(
    transactionId,
    () =>
      paymentsFetch<Transaction | FirstApprovalRecorded>(
        `/transactions/${encodeURIComponent(transactionId)}/approve`,
        {
          method: "POST",
          body: Object.keys(receiverCustomerInfo).length > 0 ? { receiverCustomerInfo } : {},
          ...(expected ? { headers: { "x-approval-expected": expected } } : {}),
        },
      ),
    (answer) => !isFirstApproval(answer),
  );
}

export function rejectPayment(transactionId: string, reason: string) {
  return sendingDecision(
    transactionId,
    () =>
      paymentsFetch<Transaction>(`/transactions/${encodeURIComponent(transactionId)}/reject`, {
        method: "POST",
        body: reason.trim() ? { reason: reason.trim() } : {},
      }),
    () => true,
  );
}

/** Under the approvals' key, so a change to the rule refreshes the queue's "needs two approvers" too. */
export const approvalThresholdsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.approvals, "thresholds"],
    queryFn: ({ signal }) => consoleCall("GET /api/approvals/thresholds", { signal }),
  });

export function saveApprovalThresholds(thresholds: ApprovalThresholds["thresholds"]) {
  return consoleCall("PUT /api/approvals/thresholds", { body: { thresholds } });
}

/** POST /api/approvals/thresholds/proposals/:id/(approve|decline|withdraw): a second person decides, or the proposer withdraws. */
export function decideThresholdsProposal(id: string, decision: "approve" | "decline" | "withdraw") {
  return consoleCall(`POST /api/approvals/thresholds/proposals/[id]/${decision}`, { params: { id } });
}

export const emergencyHoldQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.approvals, "emergency-hold"],
    queryFn: ({ signal }) => consoleCall("GET /api/approvals/emergency-hold", { signal }),
    refetchInterval: 30_000,
  });

export function saveEmergencyHold(change: { on: boolean; reason: string }) {
  return consoleCall("PUT /api/approvals/emergency-hold", { body: change });
}
