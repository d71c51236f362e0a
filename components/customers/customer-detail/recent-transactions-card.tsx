"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRight } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerTransactionsQuery } from "@/lib/client/api/customers";
import { type CustomerSide, customerSide } from "@/lib/universal/api/customer-transactions";
import type { Customer, Transaction } from "@/shared/contract";

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

export function TransactionsCard({ customer }: { customer: Customer }) {
  const query = useQuery(customerTransactionsQuery(customer.id));
  const ownAccounts = new Set(query.data?.accountIds ?? []);
  const allHref = `/transactions?customerId=${encodeURIComponent(customer.id)}`;
  return (
    <Card aria-labelledby="transactions-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="transactions-heading">Recent transactions</CardTitle>
          <CardDescription>
            The latest payments and transfers to and from this customer, including payments other customers
            made into its accounts.
          </CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href={allHref}>View all</Link>
        </Button>
      </CardHeader>
      {query.isPending ? (
        <LoadingState label="Loading transactions" rows={3} columns={4} />
      ) : query.isError ? (
        <ErrorState
          title="Transactions could not be loaded"
          headingLevel="h3"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={ArrowLeftRight}
          headingLevel="h3"
          title="No transactions yet"
          description="Payments and transfers of this customer appear here."
        />
      ) : (
        <Table aria-labelledby="transactions-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Transaction</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.data.map((transaction) => {
              const side = customerSide(transaction, customer.id, ownAccounts);
              const amount = transactionAmount(transaction, side);
              return (
                <TableRow key={transaction.id}>
                  <TableCell>
                    <Link
                      href={`/transactions/${encodeURIComponent(transaction.id)}`}
                      className="font-mono text-xs hover:underline"
                    >
                      {transaction.id}
                    </Link>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {sideText(transaction, customer, side)}
                      {transaction.description ? ` · ${transaction.description}` : ""}
                    </span>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={transaction.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    {amount ? (
                      <Money
                        amount={side === "sent" ? -amount.amount : amount.amount}
                        currency={amount.currency}
                        signDisplay="exceptZero"
                        className={side === "received" ? "text-emerald-700 dark:text-emerald-400" : undefined}
                      />
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    {transaction.createdAt ? <RelativeTime date={transaction.createdAt} /> : "—"}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
