"use client";

import { useState } from "react";
import type { TransactionEvents } from "@/lib/client/api/transactions";
import { REASON_WITHHELD } from "@/lib/universal/privacy/reason-withheld";
import type { Transaction } from "@/shared/contract";
import { FailureNotice } from "../failure-notice";
import { canRetry, RetryPayment } from "../retry-payment";
import { TransactionDecision } from "../transaction-decision";
import { textField } from "./transaction-fields";

/** What the status asks attention for: why it failed or was rejected, or the decision a pending payment awaits. */
export function StatusNotices({
  transaction,
  events,
}: {
  transaction: Transaction;
  events: TransactionEvents | undefined;
}) {
  const incoming = transaction.type === "INCOMING";
  // Held while this page showed it: the decision stays mounted once it is decided, so that a dialog open then stays
  // open and says so (transaction-decision.tsx).
  const held = incoming && transaction.status === "PENDING";
  const [wasHeld, setWasHeld] = useState(held);
  if (held && !wasHeld) setWasHeld(true);
  // Withheld on the server from a role that sees the sender masked (lib/universal/privacy/reason-withheld.ts).
  const rejectionReason = textField(transaction, "rejectionReason");
  return (
    <>
      {transaction.status === "FAILED" ? (
        <FailureNotice
          reason={transaction.failureReason}
          detail={textField(transaction, "failureDetail")}
          type={transaction.type}
        />
      ) : null}
      {canRetry(transaction) ? (
        <div className="-mt-3 flex justify-end">
          <RetryPayment transaction={transaction} />
        </div>
      ) : null}
      {transaction.status === "REJECTED" ? (
        <section
          aria-labelledby="rejected-heading"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
        >
          <h2 id="rejected-heading" className="font-semibold">
            This payment was rejected
          </h2>
          <p className="mt-1">
            {rejectionReason === REASON_WITHHELD
              ? REASON_WITHHELD
              : rejectionReason
                ? `Reason given: ${rejectionReason}`
                : "No reason was recorded."}
          </p>
          <p className="mt-1">Nothing was credited.</p>
        </section>
      ) : null}
      {wasHeld ? <TransactionDecision transaction={transaction} events={events} /> : null}
    </>
  );
}
