"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRight, Download } from "lucide-react";
import { useMemo } from "react";
import { amountRangeRefusal } from "@/components/data-table/amount-range-refusal";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { NamesProvider } from "@/components/names/names-context";
import { PartyCell } from "@/components/names/party-cell";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { transactionExportHref, transactionListQuery } from "@/lib/client/api/transactions";
import { transactionCounterparty, transactionCustomer } from "@/lib/universal/names/counterparty";
import { nothingSent } from "@/lib/universal/transactions/nothing-sent";
import type { Transaction } from "@/shared/contract";
import { DateTime } from "./date-time";
import { DirectionLabel } from "./direction-label";
import { transactionHref } from "./links";
import {
  explainFilterError,
  FILTER_LABELS,
  transactionFilters,
  transactionListParams,
} from "./transaction-filters";

const col = dataTableColumnHelper<Transaction>();

const transactionColumns = col.columns([
  col.accessor("createdAt", {
    header: "Created",
    meta: { phone: { line: 3 } },
    cell: (info) => {
      return <DateTime iso={info.getValue()} />;
    },
  }),
  col.accessor("id", {
    header: "Transaction",
    meta: { primary: true, copyable: "transaction ID", phone: { line: 4 } },
    cell: (info) => (
      <span className="flex flex-col gap-0.5">
        <span className="block max-w-28 truncate font-mono text-xs max-sm:max-w-52">{info.getValue()}</span>
        {info.row.original.description ? (
          <span className="max-w-28 truncate text-xs font-normal text-zinc-500 max-sm:max-w-52 dark:text-zinc-400">
            {info.row.original.description}
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("type", {
    header: "Direction",
    meta: { phone: { line: 3, end: true } },
    cell: (info) => <DirectionLabel type={info.getValue()} />,
  }),
  col.accessor("status", {
    header: "Status",
    meta: { phone: { line: 2, end: true } },
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  col.display({
    id: "customer",
    header: "Customer",
    meta: { phone: { line: 2, label: "Customer" } },
    cell: (info) => <PartyCell party={transactionCustomer(info.row.original)} />,
  }),
  col.display({
    id: "counterparty",
    header: "Counterparty",
    meta: { phone: { line: 1 } },
    cell: (info) => <PartyCell party={transactionCounterparty(info.row.original)} />,
  }),
  col.accessor((row) => (row.type === "INCOMING" ? row.receivedAmount : row.sentAmount), {
    id: "amount",
    header: "Amount",
    meta: { align: "right", phone: { line: 1, end: true } },
    cell: (info) => {
      const row = info.row.original;
      const main = info.getValue();
      // The other side, when it differs: what arrived for money we sent, what the sender paid for money we got.
      const other = row.type === "INCOMING" ? row.sentAmount : row.receivedAmount;
      const differs =
        other && main && (other.currency.code !== main.currency.code || other.amount !== main.amount);
      return (
        <span className="flex flex-col items-end">
          {main ? <Money amount={main.amount} currency={main.currency} className="font-medium" /> : "—"}
          {differs && other ? (
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {row.type === "INCOMING" ? "sent " : nothingSent(row) ? "was to receive " : "received "}
              <Money amount={other.amount} currency={other.currency} />
            </span>
          ) : null}
        </span>
      );
    },
  }),
]);

/**
 * The transactions page: every transaction, filtered by everything GET /transactions filters on, paged by
 * cursor, with the export of the whole filtered set beside the title.
 */
export function TransactionsView() {
  const filters = useDataTableFilters(transactionFilters);
  const { cursor } = useCursorPagination();
  const params = useMemo(() => transactionListParams(filters.values), [filters.values]);
  // An amount range known to be refused is said in the list's place, not asked for.
  const refused = useMemo(() => amountRangeRefusal(filters.values, FILTER_LABELS), [filters.values]);
  const query = useQuery({ ...transactionListQuery({ ...params, cursor }), enabled: refused === null });
  const error = useMemo(() => refused ?? explainFilterError(query.error), [refused, query.error]);
  const total = query.data?.totalCount;
  const parties = useMemo(
    () => (query.data?.data ?? []).flatMap((row) => [transactionCustomer(row), transactionCounterparty(row)]),
    [query.data],
  );

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment in and out of the platform. Filters stay in the address, so a view can be shared or reloaded."
        actions={
          <Button asChild variant="outline">
            {/* A plain download link: the server streams the file, however many pages the filtered set spans. */}
            <a href={transactionExportHref(params)} download>
              <Download aria-hidden="true" />
              Export CSV
              <span className="sr-only">
                {total !== undefined
                  ? ` of all ${total} matching transactions`
                  : " of all matching transactions"}
              </span>
            </a>
          </Button>
        }
      />
      <NamesProvider parties={parties}>
        <DataTable
          columns={transactionColumns}
          query={{ ...query, error }}
          getRowId={(row) => row.id}
          label="Transactions"
          savedViews="transactions"
          phoneCards
          itemNoun={{ one: "transaction", other: "transactions" }}
          rowHref={(row) => transactionHref(row.id)}
          rowAction="Open transaction"
          filters={transactionFilters}
          empty={{
            icon: ArrowLeftRight,
            title: "No transactions yet",
            description: "Payments you send and receive appear here as soon as the payment API records them.",
            action: (
              <Button asChild size="sm">
                <Link href="/quotes/new">Send money</Link>
              </Button>
            ),
          }}
        />
      </NamesProvider>
    </>
  );
}
