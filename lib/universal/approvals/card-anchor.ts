/** The id of a payment's card heading in the approval queue: what `/approvals#…` links point at. */
export function approvalCardAnchor(transactionId: string): string {
  return `approval-${transactionId.replace(/[^a-zA-Z0-9-]/g, "-")}`;
}

/**
 * A link to one payment's card in the approval queue: the queue narrowed to it, at its card's anchor. The anchor alone
 * finds the card only on the page shown, and a queue longer than a page does not hold a payment just made on its
 * first page (it waits last in deadline order).
 */
export function approvalCardHref(transactionId: string): string {
  return `/approvals?q=${encodeURIComponent(transactionId)}#${approvalCardAnchor(transactionId)}`;
}
