import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { transactions } from "../db/schema";
import { newReference } from "./ids";
import { announceTransaction, reverseMovements, type TransactionRow, transition } from "./transactions";

/**
 * The receiving bank sends a completed payout back (a closed or wrong account found after the fact): the money
 * returns to where it came from, fees and conversion included, and the payment becomes REFUNDED with its `refund`
 * (reference, initiatedAt, settledAt). Only a COMPLETED outgoing payment to an external bank account can come
 * back. No API operation triggers it: the demo's history is its only caller (service/README.md, "Refunds").
 */
export async function returnCompletedPayout(
  context: ServiceContext,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (
      row?.status !== "COMPLETED" ||
      row.type !== "OUTGOING" ||
      !row.destinationAccountId?.startsWith("ExternalAccount:")
    ) {
      return undefined;
    }
    await reverseMovements(tx, row.id, now);
    const refunded = await transition(
      tx,
      row.id,
      ["COMPLETED"],
      {
        status: "REFUNDED",
        refund: {
          reference: newReference("RFD"),
          initiatedAt: now.toISOString(),
          settledAt: now.toISOString(),
        },
      },
      now,
    );
    if (refunded) await announceTransaction(tx, refunded, now);
    return refunded;
  });
}
