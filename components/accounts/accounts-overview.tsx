"use client";

import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import Link from "next/link";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import * as React from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { customerDisplayName } from "@/components/customers/customer-labels";
import { PermissionNotice } from "@/components/customers/guarded-action";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { defineFilters } from "@/components/data-table/filters";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { InternalAccount } from "@/lib/contract";
import { idPattern } from "@/lib/contract/limits";

const CUSTOMER_ID_PATTERN = idPattern("Customer");

import { customerInternalAccountsQuery, platformInternalAccountsQuery } from "@/lib/payments/accounts";
import { ApiRequestError } from "@/lib/payments/client";
import { customerDetailQuery, platformConfigQuery } from "@/lib/payments/customers";
import { AccountActions } from "./account-actions";
import { AddExternalAccountDialog } from "./add-external-account-dialog";
import { byConfiguredCurrency } from "./currency-order";
import { ExternalAccountList } from "./external-account-list";
import { FundingInstructions } from "./funding-instructions";

const TABS = ["platform", "customers"] as const;

/** The platform's own accounts and its customers' accounts, one tab each; the tab is in the URL. */
export function AccountsOverview() {
  const [tab, setTab] = useQueryState("tab", parseAsStringLiteral(TABS).withDefault("platform"));
  const move = usePermission("money.move");
  const sandbox = usePermission("sandbox.use");
  const configWrite = usePermission("config.write");
  return (
    <>
      <PermissionNotice
        className="mb-4"
        reasons={[
          move.allowed ? undefined : `Transfers: ${move.reason}`,
          sandbox.allowed ? undefined : `Funding: ${sandbox.reason}`,
          configWrite.allowed ? undefined : `Platform bank accounts: ${configWrite.reason}`,
        ]}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => void setTab(value === "platform" ? null : (value as (typeof TABS)[number]))}
      >
        <TabsList aria-label="Whose accounts">
          <TabsTrigger value="platform">Platform</TabsTrigger>
          <TabsTrigger value="customers">Customers</TabsTrigger>
        </TabsList>
        <TabsContent value="platform">
          <PlatformAccounts />
        </TabsContent>
        <TabsContent value="customers">
          <CustomerAccounts />
        </TabsContent>
      </Tabs>
    </>
  );
}

function PlatformAccounts() {
  const query = useQuery(platformInternalAccountsQuery());
  const config = useQuery(platformConfigQuery());
  const configWrite = usePermission("config.write");
  const order = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  let accounts: React.ReactNode;
  if (query.isPending)
    accounts = <LoadingState label="Loading the platform's accounts" rows={3} columns={3} />;
  else if (query.isError) {
    accounts = (
      <ErrorState
        title="The platform's accounts could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.data.length === 0) {
    accounts = (
      <EmptyState
        icon={Wallet}
        title="No platform accounts"
        description="The platform gets an internal account for each supported currency."
      />
    );
  } else {
    accounts = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {[...query.data.data].sort(byConfiguredCurrency(order)).map((account) => (
          <PlatformAccountCard key={account.id} account={account} />
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="platform-accounts-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="platform-accounts-heading" className="text-base font-semibold">
            Internal accounts
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The platform's balance in each currency, and how to fund it: pay the receiving account with the
            reference as the memo.
          </p>
        </div>
        {accounts}
      </section>
      <Card aria-labelledby="platform-bank-accounts-heading">
        <CardHeader className="pb-4">
          <div className="flex flex-col gap-1">
            <CardTitle id="platform-bank-accounts-heading">Platform bank accounts</CardTitle>
            <CardDescription>The platform's own external accounts, for transfers in and out.</CardDescription>
          </div>
          <AddExternalAccountDialog ownerLabel="the platform" decision={configWrite} />
        </CardHeader>
        <ExternalAccountList ownerLabel="The platform" />
      </Card>
    </div>
  );
}

function PlatformAccountCard({ account }: { account: InternalAccount }) {
  const currency = account.balance.currency;
  const headingId = `platform-account-${currency.code}`;
  return (
    <Card aria-labelledby={headingId} className="flex flex-col">
      <CardHeader>
        <div className="flex w-full min-w-0 flex-col gap-0.5">
          <CardTitle id={headingId} as="h3">
            {currency.code} <span className="font-normal text-zinc-500">· {currency.name}</span>
          </CardTitle>
          <p className="text-2xl font-semibold tracking-tight">
            <span className="sr-only">Balance: </span>
            <Money amount={account.balance.amount} currency={currency} />
          </p>
          <p className="flex min-w-0 items-center gap-1 font-mono text-xs text-zinc-500">
            <span className="min-w-0 truncate" title={account.id}>
              {account.id}
            </span>
            <CopyButton value={account.id} label={`${currency.code} account id`} className="size-6" />
          </p>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <FundingInstructions account={account} />
        <div className="mt-auto border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <AccountActions account={account} ownerLabel="the platform" />
        </div>
      </CardContent>
    </Card>
  );
}

function CustomerName({ customerId }: { customerId: string }) {
  const query = useQuery(customerDetailQuery(customerId));
  return (
    <span className="flex flex-col gap-0.5">
      <Link href={`/customers/${encodeURIComponent(customerId)}`} className="font-medium hover:underline">
        {query.data ? customerDisplayName(query.data) : customerId}
      </Link>
      {query.data ? <span className="font-mono text-xs text-zinc-500">{customerId}</span> : null}
    </span>
  );
}

function CustomerAccountActions({ account }: { account: InternalAccount }) {
  const customer = useQuery({
    ...customerDetailQuery(account.customerId ?? ""),
    enabled: Boolean(account.customerId),
  });
  return (
    <AccountActions
      account={account}
      ownerLabel={customer.data ? customerDisplayName(customer.data) : "the customer"}
      customer={customer.data}
    />
  );
}

const col = dataTableColumnHelper<InternalAccount>();
const columns = col.columns([
  col.display({
    id: "customer",
    header: "Customer",
    cell: ({ row }) =>
      row.original.customerId ? <CustomerName customerId={row.original.customerId} /> : "The platform",
  }),
  col.display({
    id: "currency",
    header: "Currency",
    cell: ({ row }) => row.original.balance.currency.code,
  }),
  col.display({
    id: "balance",
    header: "Balance",
    meta: { align: "right", className: "font-semibold" },
    cell: ({ row }) => (
      <Money amount={row.original.balance.amount} currency={row.original.balance.currency} />
    ),
  }),
  col.display({
    id: "reference",
    header: "Funding reference",
    cell: ({ row }) => {
      const reference = row.original.fundingPaymentInstructions[0]?.accountOrWalletInfo.reference;
      return reference ? (
        <span className="flex items-center gap-1 font-mono text-xs">
          {reference}
          <CopyButton value={reference} label="funding reference" className="size-6" />
        </span>
      ) : (
        "—"
      );
    },
  }),
  col.display({
    id: "updated",
    header: "Updated",
    meta: { className: "whitespace-nowrap text-zinc-600 dark:text-zinc-400" },
    cell: ({ row }) => (row.original.updatedAt ? <RelativeTime date={row.original.updatedAt} /> : "—"),
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <CustomerAccountActions account={row.original} />,
  }),
]);

// The currency filter's choices come from the configuration, and the URL is read against them once, on mount:
// the table waits for them so that `?currency=USD` applies.
function CustomerAccounts() {
  const config = useQuery(platformConfigQuery());
  if (config.isPending) return <LoadingState label="Loading customer accounts" />;
  const currencies = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  return <CustomerAccountTable currencyList={currencies.join(",")} />;
}

function CustomerAccountTable({ currencyList }: { currencyList: string }) {
  // The currency choices come from the platform's configuration, so the definitions are rebuilt when it loads.
  const filters = React.useMemo(
    () =>
      defineFilters([
        { type: "text", key: "customerId", label: "Customer id", placeholder: "Customer:…" },
        {
          type: "select",
          key: "currency",
          label: "Currency",
          allLabel: "All currencies",
          options: currencyList
            .split(",")
            .filter(Boolean)
            .map((code) => ({ value: code, label: code })),
        },
      ]),
    [currencyList],
  );
  const { values } = useDataTableFilters(filters);
  const { cursor } = useCursorPagination();
  const idIssue =
    values.customerId && !CUSTOMER_ID_PATTERN.test(values.customerId)
      ? "A customer id looks like Customer:… (copy it from the customer's page)."
      : null;
  const query = useQuery({
    ...customerInternalAccountsQuery({
      customerId: values.customerId ?? undefined,
      currency: values.currency ?? undefined,
      cursor,
    }),
    enabled: idIssue === null,
  });
  return (
    <DataTable
      columns={columns}
      query={
        idIssue === null
          ? query
          : {
              data: undefined,
              isPending: false,
              error: new ApiRequestError(400, "INVALID_INPUT", idIssue),
              refetch: () => undefined,
            }
      }
      getRowId={(account) => account.id}
      label="Customer accounts"
      itemLabel="accounts"
      filters={filters}
      errorTitle={
        idIssue === null ? "Customer accounts could not be loaded" : "The customer id filter is not valid"
      }
      empty={{
        icon: Wallet,
        title: "No customer accounts yet",
        description: "Each customer gets an internal account per supported currency when created.",
      }}
    />
  );
}
