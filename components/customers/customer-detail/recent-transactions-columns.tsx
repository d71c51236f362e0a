import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { type CustomerSide, customerSide } from "@/lib/universal/api/customer-transactions";
import {
  idsToName,
  transactionCounterparty,
  transactionCounterpartyPhrase,
  transactionCustomerText,
} from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";
import type { Customer, Transaction } from "@/shared/contract";

/** Statuses in which a payment moved no money (an outgoing one's funds were returned to the source). */
const NOTHING_MOVED = new Set(["FAILED", "REJECTED", "EXPIRED"]);

type Names = Readonly<Record<string, NamedRecord>>;

/**
 * A transaction as this customer's page shows it: which side of it the customer is on, what that reads as, and the
 * other customer it is filed under (named, when their name has arrived; by their platform id until then).
 */
export type CustomerTransactionRow = {
  transaction: Transaction;
  side: CustomerSide;
  sideText: string;
  other?: { id: string; name: string } | undefined;
};

function transactionAmount(transaction: Transaction, side: CustomerSide) {
  const amount = side === "received" ? transaction.receivedAmount : transaction.sentAmount;
  return amount ?? transaction.receivedAmount ?? transaction.sentAmount;
}

/**
 * The ids to ask names for (GET /api/names): the other customers these transactions are filed under, and the
 * accounts on their other side.
 */
export function idsToNameOf(transactions: readonly Transaction[], customer: Customer): string[] {
  const others = transactions.map((transaction) => transaction.customerId).filter((id) => id !== customer.id);
  return [...new Set([...others, ...idsToName(transactions.map(transactionCounterparty))])]
    .sort()
    .slice(0, 100);
}

/** "Received from Alex Sandbox Rivera", "Sent to Ana María López's MXN account": the other side, once named. */
function ownSideText(transaction: Transaction, side: CustomerSide, names: Names): string {
  const verb = side === "received" ? "Received" : "Sent";
  const matches = (side === "received") === (transaction.type === "INCOMING");
  const phrase = matches ? transactionCounterpartyPhrase(transaction, names) : undefined;
  return phrase ? `${verb} ${phrase}` : verb;
}

/**
 * The customer's transactions as rows; `ownAccounts` are the customer's account ids, to tell which side it is on,
 * and `names` the names of other customers by id (GET /api/names).
 */
export function customerTransactionRows(
  transactions: readonly Transaction[],
  customer: Customer,
  ownAccounts: ReadonlySet<string>,
  names: Names = {},
): CustomerTransactionRow[] {
  return transactions.map((transaction) => {
    const side = customerSide(transaction, customer.id, ownAccounts);
    if (transaction.customerId === customer.id) {
      return { transaction, side, sideText: ownSideText(transaction, side, names) };
    }
    // Filed under another customer: say who, since that payment's own page is about them.
    return {
      transaction,
      side,
      sideText: side === "received" ? "Received from" : "Filed under",
      other: {
        id: transaction.customerId,
        name: transactionCustomerText(transaction, names),
      },
    };
  });
}

const col = dataTableColumnHelper<CustomerTransactionRow>();

export const recentTransactionsColumns = col.columns([
  col.display({
    id: "transaction",
    header: "Transaction",
    meta: { phone: { line: 1 } },
    cell: (info) => {
      const { transaction, sideText, other } = info.row.original;
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
            {other ? (
              <>
                {" "}
                <Link href={`/customers/${encodeURIComponent(other.id)}`} className="hover:underline">
                  {other.name}
                </Link>
              </>
            ) : null}
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
      if (!amount) return "—";
      // A payment that failed, was rejected or expired moved nothing (an outgoing one's funds went back): struck
      // through, without a sign. One received but not yet completed is not credited yet: no sign, no green.
      if (NOTHING_MOVED.has(String(transaction.status))) {
        return (
          <span className="text-zinc-500 line-through decoration-zinc-400 dark:text-zinc-400">
            <Money amount={amount.amount} currency={amount.currency} />
            <span className="sr-only"> (not moved)</span>
          </span>
        );
      }
      const credited = side === "received" && transaction.status === "COMPLETED";
      return (
        <Money
          amount={side === "sent" ? -amount.amount : amount.amount}
          currency={amount.currency}
          signDisplay={side === "sent" || credited ? "exceptZero" : "never"}
          className={credited ? "text-emerald-700 dark:text-emerald-400" : undefined}
        />
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
