"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRight } from "lucide-react";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { customerTransactionsQuery } from "@/lib/client/api/customers";
import { namesQuery } from "@/lib/client/api/names";
import type { Customer } from "@/shared/contract";
import {
  customerTransactionRows,
  idsToNameOf,
  recentTransactionsColumns,
} from "./recent-transactions-columns";

export function TransactionsCard({ customer }: { customer: Customer }) {
  const query = useQuery(customerTransactionsQuery(customer.id));
  // The other customers a payment is filed under and the accounts on its other side, named as the lists name them.
  const ids = useMemo(
    () => (query.data ? idsToNameOf(query.data.data, customer) : []),
    [query.data, customer],
  );
  const names = useQuery(namesQuery(ids)).data?.names;
  const rows = useMemo(
    () =>
      query.data
        ? customerTransactionRows(query.data.data, customer, new Set(query.data.accountIds), names)
        : undefined,
    [query.data, customer, names],
  );
  const allHref = `/transactions?customerId=${encodeURIComponent(customer.id)}`;
  return (
    <Card aria-labelledby="transactions-heading">
      <CardHeader className="pb-4">
        {/* Beside "View all" on a wide card, as the other cards' actions sit; above it on a phone. */}
        <div className="flex min-w-0 flex-1 basis-72 flex-col gap-1">
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
      <DataTable
        columns={recentTransactionsColumns}
        query={{ ...query, data: rows && { data: rows } }}
        paginated={false}
        getRowId={(row) => row.transaction.id}
        label="Recent transactions"
        labelledBy="transactions-heading"
        itemNoun={{ one: "transaction", other: "transactions" }}
        errorTitle="Transactions could not be loaded"
        headingLevel="h3"
        framed={false}
        phoneCards
        empty={{
          icon: ArrowLeftRight,
          title: "No transactions yet",
          description: "Payments and transfers of this customer appear here.",
        }}
      />
    </Card>
  );
}
