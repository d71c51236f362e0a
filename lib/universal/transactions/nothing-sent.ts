import type { Transaction } from "../../../shared/contract";

/**
 * Whether an outgoing payment sent nothing: FAILED (its funds returned to the source, api-notes §5), REJECTED or
 * EXPIRED. Its sentAmount and receivedAmount are then what it was to send and deliver (its quote's), not money that
 * moved, and the console says so rather than "We sent".
 */
export function nothingSent(transaction: Pick<Transaction, "type" | "status">): boolean {
  return (
    transaction.type === "OUTGOING" &&
    (transaction.status === "FAILED" || transaction.status === "REJECTED" || transaction.status === "EXPIRED")
  );
}
