/** A currency's threshold: payments of at least `minimumAmount` minor units need two approvers. */
export interface Threshold {
  currency: string;
  minimumAmount: number;
}

/** Whether a payment of `amount` minor units of `currency` needs two distinct approvers under `thresholds`. */
export function needsTwoApprovers(
  thresholds: readonly Threshold[],
  currency: string,
  amount: number,
): boolean {
  const threshold = thresholds.find((candidate) => candidate.currency === currency);
  return threshold !== undefined && amount >= threshold.minimumAmount;
}

export type ApprovalStep =
  | { kind: "single" }
  | { kind: "first" }
  | { kind: "second"; firstApproverEmail: string; firstRequestId: string }
  | { kind: "same-person" };

/**
 * What an approval is under the two-person rule: the only one needed, the first of two (recorded, not sent), the
 * second by someone else (sent), or a second by the same person (refused).
 */
export function approvalStep(
  needsTwo: boolean,
  first: { approverId: string; approverEmail: string; requestId: string } | undefined,
  approverId: string,
): ApprovalStep {
  if (!needsTwo && !first) return { kind: "single" };
  if (!first) return { kind: "first" };
  if (first.approverId === approverId) return { kind: "same-person" };
  return { kind: "second", firstApproverEmail: first.approverEmail, firstRequestId: first.requestId };
}
