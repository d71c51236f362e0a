"use client";

import { PageHeader } from "@/components/shell/page-header";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { nothingSent } from "@/lib/universal/transactions/nothing-sent";
import type { Transaction } from "@/shared/contract";
import { IdValue } from "../id-value";

function headline(transaction: Transaction) {
  const amount = transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount;
  return amount ? <Money amount={amount.amount} currency={amount.currency} /> : "Transaction";
}

/** The amount that moved (or, for an outgoing payment that sent nothing, was to), its direction, status and id. */
export function TransactionHeader({ transaction }: { transaction: Transaction }) {
  const incoming = transaction.type === "INCOMING";
  return (
    <PageHeader
      title={
        <span className="flex flex-wrap items-baseline gap-x-3">
          {headline(transaction)}
          <span className="text-base font-normal text-zinc-500 dark:text-zinc-400">
            {incoming
              ? "incoming payment"
              : nothingSent(transaction)
                ? "outgoing payment, nothing sent"
                : "outgoing payment"}
          </span>
        </span>
      }
      description={transaction.description}
    >
      <StatusBadge status={transaction.status} />
      <IdValue value={transaction.id} label="transaction id" className="text-zinc-600 dark:text-zinc-400" />
    </PageHeader>
  );
}
