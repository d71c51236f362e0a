import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { type CustomerSide, customerSide } from "@/lib/universal/api/customer-transactions";
import type { Customer, Transaction } from "@/shared/contract";

/** A transaction as this customer's page shows it: which side of it the customer is on, and what that reads as. */
export type CustomerTransactionRow = { transaction: Transaction; side: CustomerSide; sideText: string };

function transactionAmount(transaction: Transaction, side: CustomerSide) {
  const amount = side === "received" ? transaction.receivedAmount : transaction.sentAmount;
  return amount ?? transaction.receivedAmount ?? transaction.sentAmount;
}

function sideText(transaction: Transaction, customer: Customer, side: CustomerSide): string {
  // Filed under another customer: say who, since that payment's own page is about them.
  if (transaction.customerId !== customer.id)
    return side === "received"
      ? `Received from ${transaction.platformCustomerId}`
      : `Filed under ${transaction.platformCustomerId}`;
  return side === "received" ? "Received" : "Sent";
}

/** The customer's transactions as rows; `ownAccounts` are the customer's account ids, to tell which side it is on. */
export function customerTransactionRows(
  transactions: readonly Transaction[],
  customer: Customer,
  ownAccounts: ReadonlySet<string>,
): CustomerTransactionRow[] {
  return transactions.map((transaction) => {
    const side = customerSide(transaction, customer.id, ownAccounts);
    return { transaction, side, sideText: sideText(transaction, customer, side) };
  });
}

const col = dataTableColumnHelper<CustomerTransactionRow>();

export const recentTransactionsColumns = col.columns([
  col.display({
    id: "transaction",
    header: "Transaction",
    meta: { phone: { line: 1 } },
    cell: (info) => {
      const { transaction, sideText } = info.row.original;
      return (
        <>
          <Link
            href={`/transactions/${encodeURIComponent(transaction.id)}`}
            className="font-mono text-xs hover:underline"
          >
            {transaction.id}
          </Link>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">
            {sideText}
            {transaction.description ? ` · ${transaction.description}` : ""}
          </span>
        </>
      );
    },
  }),
  col.display({
    id: "status",
    header: "Status",
    meta: { phone: { line: 2, end: true } },
    cell: (info) => <StatusBadge status={info.row.original.transaction.status} />,
  }),
  col.display({
    id: "amount",
    header: "Amount",
    meta: { align: "right", phone: { line: 1, end: true } },
    cell: (info) => {
      const { transaction, side } = info.row.original;
      const amount = transactionAmount(transaction, side);
      return amount ? (
        <Money
          amount={side === "sent" ? -amount.amount : amount.amount}
          currency={amount.currency}
          signDisplay="exceptZero"
          className={side === "received" ? "text-emerald-700 dark:text-emerald-400" : undefined}
        />
      ) : (
        "—"
      );
    },
  }),
  col.display({
    id: "created",
    header: "Created",
    meta: { className: "whitespace-nowrap text-zinc-600 dark:text-zinc-400", phone: { line: 2 } },
    cell: (info) => {
      const { createdAt } = info.row.original.transaction;
      return createdAt ? <RelativeTime date={createdAt} /> : "—";
    },
  }),
]);
