"use client";

import { useQuery } from "@tanstack/react-query";
import { NamesProvider, useNames } from "@/components/names/names-context";
import { DirectionLabel } from "@/components/transactions/direction-label";
import { transactionHref } from "@/components/transactions/links";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { recentTransactionsQuery } from "@/lib/client/api/transactions";
import {
  transactionCounterparty,
  transactionCounterpartyPhrase,
  transactionCustomer,
  transactionCustomerText,
} from "@/lib/universal/names/counterparty";
import type { Transaction } from "@/shared/contract";
import { OverviewCard } from "./overview-card";

/**
 * Whose payment it is and the other side: the customer by name, as every list names them (the platform's id for them
 * until the name has arrived), then whom they received from or paid, so that "Incoming" beside a name is never read
 * as money that person sent.
 */
function PartiesText({ transaction }: { transaction: Transaction }) {
  const { names } = useNames();
  const other = transactionCounterpartyPhrase(transaction, names);
  return (
    <>
      <span className="font-medium text-zinc-900 dark:text-zinc-100">
        {transactionCustomerText(transaction, names)}
      </span>
      {other ? ` ${other}` : null}
    </>
  );
}

/**
 * The latest transactions, whatever their status, each with its customer's name and the other side's; each opens its
 * page.
 */
export function RecentTransactionsCard() {
  const query = useQuery(recentTransactionsQuery());
  return (
    <OverviewCard
      id="recent"
      title="Recent transactions"
      more={{ href: "/transactions", label: "See all payments" }}
    >
      <QueryState
        query={query}
        loading={<LoadingState label="Loading recent transactions" rows={4} columns={3} />}
        error={{ title: "Recent transactions could not be loaded", headingLevel: "h3", className: "py-6" }}
        isEmpty={(data) => data.data.length === 0}
        empty={<p className="text-sm text-zinc-600 dark:text-zinc-400">No transactions yet.</p>}
      >
        {(data) => (
          <NamesProvider
            parties={data.data.flatMap((transaction) => [
              transactionCustomer(transaction),
              transactionCounterparty(transaction),
            ])}
          >
            <ul className="-mx-2 flex flex-col">
              {data.data.map((transaction) => {
                const amount =
                  transaction.type === "INCOMING" ? transaction.receivedAmount : transaction.sentAmount;
                return (
                  <li key={transaction.id}>
                    {/* On a phone the direction stands over the names, which may take two lines; the id keeps to one
                        line, and the time goes under the status, so a name is read whole, not cut to its first
                        letters. From `sm` each is one line, as before. */}
                    <Link
                      href={transactionHref(transaction.id)}
                      className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-0.5 rounded-md px-2 py-2 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800/50"
                    >
                      <span className="flex min-w-0 flex-col items-start gap-0.5 text-sm sm:flex-row sm:items-center sm:gap-3">
                        <DirectionLabel type={transaction.type} className="shrink-0 sm:w-24" />
                        <span className="line-clamp-2 break-words text-zinc-600 sm:line-clamp-none sm:truncate dark:text-zinc-400">
                          <PartiesText transaction={transaction} />
                          {transaction.description ? ` · ${transaction.description}` : null}
                        </span>
                      </span>
                      <span className="self-start text-right text-sm font-medium sm:self-center">
                        {amount ? <Money amount={amount.amount} currency={amount.currency} /> : "—"}
                      </span>
                      <span className="min-w-0 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
                        {transaction.id}
                      </span>
                      <span className="flex flex-col-reverse items-end gap-1 text-xs whitespace-nowrap text-zinc-500 sm:flex-row sm:items-center sm:gap-2 dark:text-zinc-400">
                        {transaction.createdAt ? <RelativeTime date={transaction.createdAt} /> : null}
                        <StatusBadge status={transaction.status} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </NamesProvider>
        )}
      </QueryState>
    </OverviewCard>
  );
}
