import { onFirstUse } from "../intl/on-first-use";
import { compareCodeUnits } from "../text/order";
import { bySoonestDeadline } from "./deadline";
import { senderNameOf } from "./sender-name";

/** How the approval queue is ordered. */
export const QUEUE_SORTS = ["deadline", "amount", "sender"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

export const QUEUE_SORT_LABELS: Record<QueueSort, string> = {
  deadline: "Soonest deadline first",
  amount: "Largest amount first (per currency)",
  sender: "By sender",
};

export interface SortableItem {
  transaction: { receivedAmount?: { amount: number; currency: { code: string } } | undefined };
  counterpartyInformation: Record<string, unknown>;
  deadline: string | null;
}

const collator = onFirstUse(() => new Intl.Collator("en", { sensitivity: "base" }));

/**
 * The queue in the chosen order, always with the soonest deadline breaking ties. Amounts are compared only within a
 * currency (a dollar and a peso are not one unit): currencies in code order, the largest payment first in each.
 * By sender: senders in alphabetical order, unnamed ones last.
 */
export function sortQueue<T extends SortableItem>(items: readonly T[], by: QueueSort): T[] {
  const sorted = [...items];
  if (by === "deadline") return sorted.sort(bySoonestDeadline);
  if (by === "amount") {
    return sorted.sort((a, b) => {
      const left = a.transaction.receivedAmount;
      const right = b.transaction.receivedAmount;
      if (!left || !right) return left === right ? bySoonestDeadline(a, b) : left ? -1 : 1;
      const byCurrency = compareCodeUnits(left.currency.code, right.currency.code);
      if (byCurrency !== 0) return byCurrency;
      return right.amount - left.amount || bySoonestDeadline(a, b);
    });
  }
  return sorted.sort((a, b) => {
    const left = senderNameOf(a.counterpartyInformation);
    const right = senderNameOf(b.counterpartyInformation);
    if (!left || !right) return left === right ? bySoonestDeadline(a, b) : left ? -1 : 1;
    return collator().compare(left, right) || bySoonestDeadline(a, b);
  });
}

/** Consecutive items of one sender (names compared as the sort compares them), for headings when sorted by sender. */
export function groupBySender<T extends SortableItem>(items: readonly T[]): { sender: string; items: T[] }[] {
  const groups: { sender: string; items: T[] }[] = [];
  for (const item of items) {
    const sender = senderNameOf(item.counterpartyInformation, "Unknown sender");
    const last = groups.at(-1);
    if (last && collator().compare(last.sender, sender) === 0) last.items.push(item);
    else groups.push({ sender, items: [item] });
  }
  return groups;
}
