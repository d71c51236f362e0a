import type { Transaction } from "../../../shared/contract";
import { compareCodeUnits } from "../text/order";

/**
 * How a payment looks from one customer's side. The API files a payment under one customer (`customerId`: the
 * sender of an OUTGOING one, the recipient of an INCOMING one), so a payment from another of the platform's
 * customers into this one's account is filed under the sender: for this customer it is money received.
 */
export type CustomerSide = "received" | "sent";

export function customerSide(
  transaction: Transaction,
  customerId: string,
  ownAccountIds: ReadonlySet<string>,
): CustomerSide {
  if (transaction.customerId === customerId) return transaction.type === "INCOMING" ? "received" : "sent";
  const into = transaction.destination.accountId;
  return into !== undefined && ownAccountIds.has(into) ? "received" : "sent";
}

/** Several newest-first lists as one: each payment once, newest first, at most `limit`. */
export function mergeNewestFirst(lists: readonly (readonly Transaction[])[], limit: number): Transaction[] {
  const byId = new Map<string, Transaction>();
  for (const list of lists) for (const transaction of list) byId.set(transaction.id, transaction);
  return [...byId.values()]
    .sort((a, b) => compareCodeUnits(b.createdAt ?? "", a.createdAt ?? "") || compareCodeUnits(b.id, a.id))
    .slice(0, limit);
}
