"use client";

import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import * as React from "react";
import { RetiredCurrencyBadge, useRetiredCurrencies } from "@/components/currencies/retired-currency";
import { customerDisplayName } from "@/components/customers/customer-labels";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { defineFilters } from "@/components/data-table/filters";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingState } from "@/components/ui/states";
import { ApiError } from "@/shared/api-error";
import type { InternalAccount } from "@/shared/contract";
import { idPattern } from "@/shared/contract/limits";

const CUSTOMER_ID_PATTERN = idPattern("Customer");

import { customerInternalAccountsQuery } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { AccountActions } from "./account-actions";

function CustomerName({ customerId }: { customerId: string }) {
  const query = useQuery(customerDetailQuery(customerId));
  return (
    <span className="flex flex-col gap-0.5">
      <Link href={`/customers/${encodeURIComponent(customerId)}`} className="font-medium hover:underline">
        {query.data ? customerDisplayName(query.data) : customerId}
      </Link>
      {query.data ? (
        <span
          className="block max-w-44 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400"
          title={customerId}
        >
          {customerId}
        </span>
      ) : null}
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
      compact
    />
  );
}

function CurrencyCell({ code }: { code: string }) {
  const retired = useRetiredCurrencies().isRetired(code);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {code}
      {retired ? <RetiredCurrencyBadge code={code} /> : null}
    </span>
  );
}

const col = dataTableColumnHelper<InternalAccount>();
const columns = col.columns([
  col.display({
    id: "customer",
    header: "Customer",
    meta: { phone: { line: 1 } },
    cell: ({ row }) =>
      row.original.customerId ? <CustomerName customerId={row.original.customerId} /> : "The platform",
  }),
  col.display({
    id: "currency",
    header: "Currency",
    meta: { phone: { line: 2 } },
    cell: ({ row }) => <CurrencyCell code={row.original.balance.currency.code} />,
  }),
  col.display({
    id: "balance",
    header: "Balance",
    meta: { align: "right", className: "font-semibold", phone: { line: 1, end: true } },
    cell: ({ row }) => (
      <Money amount={row.original.balance.amount} currency={row.original.balance.currency} />
    ),
  }),
  col.display({
    id: "reference",
    header: "Funding reference",
    meta: { phone: { line: 3, label: "Funding reference" } },
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
    meta: { className: "whitespace-nowrap text-zinc-600 dark:text-zinc-400", phone: { line: 2, end: true } },
    cell: ({ row }) => (row.original.updatedAt ? <RelativeTime date={row.original.updatedAt} /> : "—"),
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    // Across the card's foot, so the name and the funding reference keep the card's width.
    meta: { phone: { wide: true } },
    cell: ({ row }) => <CustomerAccountActions account={row.original} />,
  }),
]);

// The currency filter's choices come from the configuration, and the URL is read against them once, on mount:
// the table waits for them so that `?currency=USD` applies.
export function CustomerAccounts() {
  const config = useQuery(configQuery());
  return (
    <QueryState
      query={config}
      keepDataOnError
      loading={<LoadingState label="Loading customer accounts" />}
      // Without the configuration the table still lists every account, with no currency to filter by.
      error={() => <CustomerAccountTable currencyList="" />}
    >
      {(loaded) => (
        <CustomerAccountTable
          currencyList={loaded.supportedCurrencies.map((entry) => entry.currencyCode).join(",")}
        />
      )}
    </QueryState>
  );
}

function CustomerAccountTable({ currencyList }: { currencyList: string }) {
  // The currency choices come from the platform's configuration, so the definitions are rebuilt when it loads.
  const filters = React.useMemo(
    () =>
      defineFilters([
        { type: "customer", key: "customerId", label: "Customer" },
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
              error: new ApiError(400, "INVALID_INPUT", idIssue),
              refetch: () => undefined,
            }
      }
      getRowId={(account) => account.id}
      label="Customer accounts"
      itemNoun={{ one: "account", other: "accounts" }}
      filters={filters}
      phoneCards
      errorTitle={
        idIssue === null ? "Customer accounts could not be loaded" : "The customer id filter is not valid"
      }
      refusedTitle={idIssue === null ? undefined : "The customer id filter is not valid"}
      empty={{
        icon: Wallet,
        title: "No customer accounts yet",
        description: "Each customer gets an internal account per supported currency when created.",
      }}
    />
  );
}
