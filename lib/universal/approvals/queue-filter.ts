/**
 * Narrowing the approval queue in the browser. The queue is every pending incoming payment at once (they time out
 * within minutes, so there are never more than a few hundred), so an officer can search it by what the webhooks
 * carried, which the payment API cannot filter by: the sender's name and details, the memo, and by the name of our
 * customer it is for.
 */

export interface QueueItem {
  transaction: {
    id: string;
    customerId: string;
    platformCustomerId: string;
    description?: string | undefined;
    receivedAmount?: { currency: { code: string } } | undefined;
  };
  counterpartyInformation: Record<string, unknown>;
  /** Our customer's name, as the card names them, when the asker searched with words. */
  recipientName?: string | undefined;
}

export interface QueueFilter {
  /**
   * Words that must all appear in the sender's information, the recipient's name or ids, the memo or the payment's
   * id.
   */
  text?: string | null;
  /** The received currency's code. */
  currency?: string | null;
}

/** Lower case without accents, so "ines" finds "Inés". */
function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function haystack(item: QueueItem): string {
  const sender = Object.values(item.counterpartyInformation).filter(
    (value): value is string => typeof value === "string",
  );
  const { transaction } = item;
  return fold(
    [
      ...sender,
      item.recipientName ?? "",
      transaction.platformCustomerId,
      transaction.customerId,
      transaction.id,
      transaction.description ?? "",
    ].join("\n"),
  );
}

function receivedCurrency(item: QueueItem): string | undefined {
  return item.transaction.receivedAmount?.currency.code;
}

export function filterQueue<T extends QueueItem>(items: readonly T[], filter: QueueFilter): T[] {
  const words = fold(filter.text ?? "")
    .split(/\s+/)
    .filter(Boolean);
  return items.filter((item) => {
    if (filter.currency && receivedCurrency(item) !== filter.currency) return false;
    if (words.length === 0) return true;
    const text = haystack(item);
    return words.every((word) => text.includes(word));
  });
}

/** The currencies the queue holds, in code order, for the currency filter's choices. */
export function queueCurrencies(items: readonly QueueItem[]): string[] {
  return [...new Set(items.map(receivedCurrency).filter((code): code is string => Boolean(code)))].sort();
}
