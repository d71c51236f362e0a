/**
 * The payments this tab has sent a decision for: while the decision is on its way, and for good once it was final
 * (approved or rejected, not a first approval of two). Their queue entry (GET /api/approvals/:transactionId) is not
 * read meanwhile: the live event of the decision can arrive before its own answer, and the refresh it sets off would
 * ask for an entry the decision has just removed (a 404 in the browser's console on every decision).
 */
const inFlight = new Map<string, number>();
const decided = new Set<string>();

/** Sends a decision through `send`, noting the payment while it is on its way and once `final` says it left the queue. */
export async function sendingDecision<T>(
  transactionId: string,
  send: () => Promise<T>,
  final: (answer: T) => boolean,
): Promise<T> {
  inFlight.set(transactionId, (inFlight.get(transactionId) ?? 0) + 1);
  try {
    const answer = await send();
    if (final(answer)) decided.add(transactionId);
    return answer;
  } finally {
    const left = (inFlight.get(transactionId) ?? 1) - 1;
    if (left > 0) inFlight.set(transactionId, left);
    else inFlight.delete(transactionId);
  }
}

/** Whether this tab may read the payment's queue entry now: no decision of its own on its way or made. */
export function entryMayBeRead(transactionId: string): boolean {
  return !decided.has(transactionId) && !inFlight.has(transactionId);
}
