"use client";

import type { TransactionEvents } from "@/lib/client/api/transactions";
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
            {textField(transaction, "rejectionReason")
              ? `Reason given: ${textField(transaction, "rejectionReason")}`
              : "No reason was recorded."}
          </p>
          <p className="mt-1">Nothing was credited.</p>
        </section>
      ) : null}
      {incoming && transaction.status === "PENDING" ? (
        <TransactionDecision transaction={transaction} events={events} />
      ) : null}
    </>
  );
}
