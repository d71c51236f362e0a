/** The id of a payment's card heading in the approval queue: what `/approvals#…` links point at. */
export function approvalCardAnchor(transactionId: string): string {
  return `approval-${transactionId.replace(/[^a-zA-Z0-9-]/g, "-")}`;
}
