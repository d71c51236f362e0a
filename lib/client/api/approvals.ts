import { queryOptions } from "@tanstack/react-query";
import type { Transaction, TransactionList } from "../../../shared/contract";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import type { ApprovalQueue, ApprovalSummary } from "../../universal/approvals/pending-approval";
import type { ThresholdsProposal } from "../../universal/approvals/thresholds-rule";
import { waitingBadge } from "../../universal/approvals/waiting-badge";
import { consoleFetch, paymentsFetch, toQuery } from "./client";

export type {
  ApprovalQueue,
  ApprovalSummary,
  PendingApproval,
} from "../../universal/approvals/pending-approval";

export const approvalQueueQuery = () =>
  queryOptions({
    queryKey: queryKeys.approvals,
    queryFn: ({ signal }) => consoleFetch<ApprovalQueue>("/api/approvals", { signal }),
    // Live events keep it fresh; the interval covers a dropped event stream.
    refetchInterval: 30_000,
  });

/**
 * The overview's card: how many wait and the soonest few (GET /api/approvals/summary), not the whole queue. Under
 * the approvals' key, so every live event that refreshes the queue refreshes it.
 */
export const approvalSummaryQuery = () =>
  queryOptions({
    queryKey: pageKeys.approvalSummary(),
    queryFn: ({ signal }) => consoleFetch<ApprovalSummary>("/api/approvals/summary", { signal }),
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

export function approvePayment(transactionId: string, receiverCustomerInfo: Record<string, string>) {
  return paymentsFetch<Transaction | FirstApprovalRecorded>(
    `/transactions/${encodeURIComponent(transactionId)}/approve`,
    {
      method: "POST",
      body: Object.keys(receiverCustomerInfo).length > 0 ? { receiverCustomerInfo } : {},
    },
  );
}

export function rejectPayment(transactionId: string, reason: string) {
  return paymentsFetch<Transaction>(`/transactions/${encodeURIComponent(transactionId)}/reject`, {
    method: "POST",
    body: reason.trim() ? { reason: reason.trim() } : {},
  });
}

/**
 * GET /api/approvals/thresholds: the two-person rule per currency (minor units), and the change of it waiting for a
 * second person, if any.
 */
export interface ApprovalThresholds {
  thresholds: { currency: string; minimumAmount: number }[];
  proposal: ThresholdsProposal | null;
}

/** PUT /api/approvals/thresholds: applied (stricter), or proposed (looser) with its stricter part applied. */
export interface ThresholdsChangeResult {
  thresholds: { currency: string; minimumAmount: number }[];
  proposal: ThresholdsProposal | null;
}

/** Under the approvals' key, so a change to the rule refreshes the queue's "needs two approvers" too. */
export const approvalThresholdsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.approvals, "thresholds"],
    queryFn: ({ signal }) => consoleFetch<ApprovalThresholds>("/api/approvals/thresholds", { signal }),
  });

export function saveApprovalThresholds(thresholds: ApprovalThresholds["thresholds"]) {
  return consoleFetch<ThresholdsChangeResult>("/api/approvals/thresholds", {
    method: "PUT",
    body: { thresholds },
  });
}

/** POST /api/approvals/thresholds/proposals/:id/(approve|decline|withdraw): a second person decides, or the proposer withdraws. */
export function decideThresholdsProposal(id: string, decision: "approve" | "decline" | "withdraw") {
  return consoleFetch<ThresholdsProposal>(
    `/api/approvals/thresholds/proposals/${encodeURIComponent(id)}/${decision}`,
    { method: "POST" },
  );
}

/** GET/PUT /api/approvals/emergency-hold (app/api/approvals/emergency-hold/route.ts). */
export interface EmergencyHold {
  on: boolean;
  reason: string | null;
  by: string | null;
  at: string | null;
}

export const emergencyHoldQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.approvals, "emergency-hold"],
    queryFn: ({ signal }) => consoleFetch<EmergencyHold>("/api/approvals/emergency-hold", { signal }),
    refetchInterval: 30_000,
  });

export function saveEmergencyHold(change: { on: boolean; reason: string }) {
  return consoleFetch<EmergencyHold>("/api/approvals/emergency-hold", { method: "PUT", body: change });
}
