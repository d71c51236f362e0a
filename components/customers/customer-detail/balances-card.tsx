"use client";

import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { AccountActions } from "@/components/accounts/account-actions";
import { byConfiguredCurrency } from "@/components/accounts/currency-order";
import { RetiredCurrencyBadge, useRetiredCurrencies } from "@/components/currencies/retired-currency";
import { phoneCardCell } from "@/components/data-table/phone-card";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerInternalAccountsQuery } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import type { Customer } from "@/shared/contract";
import { customerDisplayName } from "../customer-labels";

export function InternalAccountsCard({ customer }: { customer: Customer }) {
  const query = useQuery(customerInternalAccountsQuery({ customerId: customer.id, limit: 100 }));
  const config = useQuery(configQuery());
  const name = customerDisplayName(customer);
  const order = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const accounts = [...(query.data?.data ?? [])].sort(byConfiguredCurrency(order));
  const { isRetired } = useRetiredCurrencies();
  return (
    <Card aria-labelledby="balances-heading">
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="balances-heading">Balances</CardTitle>
          <CardDescription>One internal account per supported currency.</CardDescription>
        </div>
      </CardHeader>
      <QueryState
        query={query}
        loading={<LoadingState label="Loading balances" rows={3} columns={4} />}
        error={{ title: "Balances could not be loaded", headingLevel: "h3" }}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            icon={Wallet}
            headingLevel="h3"
            title="No internal accounts"
            description="The customer holds no balance in any currency."
          />
        }
      >
        {() => (
          // On a phone each account is a card (app/globals.css, "Cards on a phone"): its currency and balance on one
          // line, its buttons across the foot, none of them off to the side.
          <Table aria-labelledby="balances-heading" data-phone-cards="">
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {accounts.map((account) => (
                <TableRow key={account.id}>
                  <TableCell {...phoneCardCell({ phone: { line: 1 } })} className="sm:w-full sm:max-w-0">
                    <span className="font-medium">{account.balance.currency.code}</span>{" "}
                    <span className="text-zinc-500 dark:text-zinc-400">
                      · {account.balance.currency.name}
                    </span>
                    {isRetired(account.balance.currency.code) ? (
                      <>
                        {" "}
                        <RetiredCurrencyBadge code={account.balance.currency.code} />
                      </>
                    ) : null}
                    <span className="flex min-w-0 items-center gap-1 font-mono text-xs text-zinc-500 dark:text-zinc-400">
                      <span className="min-w-0 truncate" title={account.id}>
                        {account.id}
                      </span>
                      <CopyButton
                        value={account.id}
                        label={`${account.balance.currency.code} account id`}
                        className="size-6"
                      />
                    </span>
                  </TableCell>
                  <TableCell
                    {...phoneCardCell({ phone: { line: 1, end: true } })}
                    className="text-right text-base font-semibold whitespace-nowrap"
                  >
                    <Money amount={account.balance.amount} currency={account.balance.currency} />
                  </TableCell>
                  <TableCell {...phoneCardCell({ phone: { line: 2, wide: true } })}>
                    <AccountActions account={account} ownerLabel={name} customer={customer} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
    </Card>
  );
}
