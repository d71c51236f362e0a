"use client";

import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import dynamic from "next/dynamic";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { useExistsHere, usePermission } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { InternalAccount } from "@/shared/contract";
import { idPattern } from "@/shared/contract/limits";

const _CUSTOMER_ID_PATTERN = idPattern("Customer");

import {
  RetiredCurrencyBadge,
  retiredReason,
  useRetiredCurrencies,
} from "@/components/currencies/retired-currency";
import { platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { AccountActions } from "./account-actions";
import { AddExternalAccountDialog } from "./add-external-account-dialog";
import { byConfiguredCurrency } from "./currency-order";
import { ExternalAccountList } from "./external-account-list";
import { FundingInstructions } from "./funding-instructions";

// The customers' tab (its table, filters and pagination) is downloaded when it is first shown.
const CustomerAccounts = dynamic(
  () => import("./customer-accounts").then((module) => module.CustomerAccounts),
  {
    loading: () => <LoadingState label="Loading customers' accounts" rows={5} columns={4} />,
  },
);

const TABS = ["platform", "customers"] as const;

/** The platform's own accounts and its customers' accounts, one tab each; the tab is in the URL. */
export function AccountsOverview() {
  const [tab, setTab] = useQueryState("tab", parseAsStringLiteral(TABS).withDefault("platform"));
  const move = usePermission("money.move");
  const sandbox = usePermission("sandbox.use");
  const fundingExists = useExistsHere("sandbox.use");
  const configWrite = usePermission("config.write");
  return (
    <>
      <PermissionNotice
        className="mb-4"
        partial={move.allowed || (sandbox.allowed && fundingExists) || configWrite.allowed}
        reasons={[
          move.allowed ? undefined : `Transfers: ${move.reason}`,
          sandbox.allowed || !fundingExists ? undefined : `Funding: ${sandbox.reason}`,
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
  const config = useQuery(configQuery());
  const configWrite = usePermission("config.write");
  const order = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const accounts = (
    <QueryState
      query={query}
      loading={<LoadingState label="Loading the platform's accounts" rows={3} columns={3} />}
      error={{ title: "The platform's accounts could not be loaded" }}
      isEmpty={(data) => data.data.length === 0}
      empty={
        <EmptyState
          icon={Wallet}
          title="No platform accounts"
          description="The platform gets an internal account for each supported currency."
        />
      }
    >
      {(data) => (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[...data.data].sort(byConfiguredCurrency(order)).map((account) => (
            <PlatformAccountCard key={account.id} account={account} />
          ))}
        </div>
      )}
    </QueryState>
  );
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
  const retired = useRetiredCurrencies().isRetired(currency.code);
  return (
    <Card aria-labelledby={headingId} className="flex flex-col">
      <CardHeader>
        <div className="flex w-full min-w-0 flex-col gap-0.5">
          <CardTitle id={headingId} as="h3">
            {currency.code}{" "}
            <span className="font-normal text-zinc-500 dark:text-zinc-400">· {currency.name}</span>
          </CardTitle>
          {retired ? <RetiredCurrencyBadge code={currency.code} /> : null}
          <p className="text-2xl font-semibold tracking-tight">
            <span className="sr-only">Balance: </span>
            <Money amount={account.balance.amount} currency={currency} />
          </p>
          <p className="flex min-w-0 items-center gap-1 font-mono text-xs text-zinc-500 dark:text-zinc-400">
            <span className="min-w-0 truncate" title={account.id}>
              {account.id}
            </span>
            <CopyButton value={account.id} label={`${currency.code} account id`} className="size-6" />
          </p>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {retired ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {retiredReason(currency.code)} Its funding instructions are not shown: pay nothing new into it.
          </p>
        ) : (
          <FundingInstructions account={account} />
        )}
        <div className="mt-auto border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <AccountActions account={account} ownerLabel="the platform" />
        </div>
      </CardContent>
    </Card>
  );
}
