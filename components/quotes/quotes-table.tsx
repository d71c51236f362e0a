"use client";

import { useQuery } from "@tanstack/react-query";
import { ReceiptText, Send } from "lucide-react";
import { parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { amountRangeRefusal } from "@/components/data-table/amount-range-refusal";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { NamesProvider } from "@/components/names/names-context";
import { PartyCell } from "@/components/names/party-cell";
import { DateTime } from "@/components/transactions/date-time";
import { Button } from "@/components/ui/button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { quoteListQuery } from "@/lib/client/api/quotes";
import { quoteCounterparty, quoteCustomer } from "@/lib/universal/names/counterparty";
import { describeRate } from "@/lib/universal/transactions/rate";
import type { Quote } from "@/shared/contract";
import { explainQuoteFilterError, FILTER_LABELS, quoteFilters, quoteListParams } from "./quote-filters";

// The quote's sheet (and the Radix dialog under it) is downloaded when a quote is first opened.
const QuoteSheet = lazyWhenOpen(
  () => import("./quote-sheet").then((module) => module.QuoteSheet),
  (props) => props.quoteId !== null,
);

const col = dataTableColumnHelper<Quote>();

const columns = col.columns([
  col.accessor("createdAt", {
    header: "Created",
    meta: { phone: { line: 3 } },
    cell: (info) => <DateTime iso={info.getValue()} />,
  }),
  col.accessor("quoteId", {
    header: "Quote",
    meta: { primary: true, copyable: "quote ID", phone: { line: 4 } },
    cell: (info) => (
      <span className="block max-w-16 truncate font-mono text-xs max-sm:max-w-52">{info.getValue()}</span>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    meta: { phone: { line: 3, end: true } },
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  col.accessor("totalSendingAmount", {
    header: "Sends",
    meta: { align: "right", phone: { line: 1, end: true, label: "Sends" } },
    cell: (info) => <Money amount={info.getValue()} currency={info.row.original.sendingCurrency} />,
  }),
  col.accessor("totalReceivingAmount", {
    header: "Receives",
    meta: { align: "right", phone: { line: 2, end: true, label: "Receives" } },
    // The rate under what arrives ("1 USD = 17.2 MXN"), as the transactions list shows the other side's amount.
    cell: (info) => {
      const quote = info.row.original;
      const rate = describeRate(quote.exchangeRate, quote.sendingCurrency.code, quote.receivingCurrency.code);
      return (
        <span className="flex flex-col items-end">
          <Money amount={info.getValue()} currency={quote.receivingCurrency} />
          {/* "1 USD = 17.2 MXN" breaks after "=" when the column is narrow, never inside an amount. */}
          <span className="text-right text-xs text-zinc-500 dark:text-zinc-400">
            <span className="sr-only">at </span>
            {rate.perSendingUnit
              .split(" = ")
              .map((side, index, sides) => (
                <span key={side} className="whitespace-nowrap">
                  {side}
                  {index < sides.length - 1 ? " =" : null}
                </span>
              ))
              .flatMap((side, index) => (index === 0 ? [side] : [" ", side]))}
          </span>
        </span>
      );
    },
  }),
  col.display({
    id: "customer",
    header: "Customer",
    meta: { phone: { line: 1, label: "Customer" } },
    cell: (info) => <PartyCell party={quoteCustomer(info.row.original)} />,
  }),
  col.display({
    id: "destination",
    header: "Counterparty",
    meta: { phone: { line: 2, label: "Counterparty" } },
    cell: (info) => <PartyCell party={quoteCounterparty(info.row.original)} />,
  }),
  col.accessor("expiresAt", {
    header: "Expires",
    meta: { phone: { line: 4, end: true } },
    cell: (info) =>
      info.row.original.status === "PENDING" ? (
        // May wrap ("in 5 / minutes"): at 1280 px every column must stay in view. A phone's card, with no
        // header above it, says what the time is.
        <span>
          <span className="sm:hidden">Expires </span>
          <RelativeTime date={info.getValue()} />
        </span>
      ) : (
        // Nothing on a phone's card: a quote no longer pending has no expiry to read.
        <span className="text-zinc-500 max-sm:hidden dark:text-zinc-400">—</span>
      ),
  }),
]);

/** Every quote, filtered by everything GET /quotes filters on; a row opens its details in a side panel. */
export function QuotesTable() {
  const filters = useDataTableFilters(quoteFilters);
  const { cursor } = useCursorPagination();
  const [openQuote, setOpenQuote] = useQueryState("quote", parseAsString.withOptions({ history: "push" }));
  const params = useMemo(() => quoteListParams(filters.values), [filters.values]);
  // An amount range known to be refused is said in the list's place, not asked for.
  const refused = useMemo(() => amountRangeRefusal(filters.values, FILTER_LABELS), [filters.values]);
  const query = useQuery({ ...quoteListQuery({ ...params, cursor }), enabled: refused === null });
  const error = useMemo(() => refused ?? explainQuoteFilterError(query.error), [refused, query.error]);
  const parties = useMemo(
    () => (query.data?.data ?? []).flatMap((row) => [quoteCustomer(row), quoteCounterparty(row)]),
    [query.data],
  );

  return (
    <NamesProvider parties={parties}>
      <DataTable
        columns={columns}
        query={{ ...query, error }}
        getRowId={(row) => row.quoteId}
        label="Quotes"
        savedViews="quotes"
        phoneCards
        itemNoun={{ one: "quote", other: "quotes" }}
        onRowOpen={(row) => void setOpenQuote(row.quoteId)}
        rowAction="Open quote"
        filters={quoteFilters}
        empty={{
          icon: ReceiptText,
          title: "No quotes yet",
          description: "A quote locks a payment's rate and fees for a few minutes. Send money to make one.",
          action: (
            <Button asChild size="sm">
              <Link href="/quotes/new">Send money</Link>
            </Button>
          ),
        }}
        toolbarActions={
          <Button asChild size="sm">
            <Link href="/quotes/new">
              <Send aria-hidden="true" />
              Send money
            </Link>
          </Button>
        }
      />
      <QuoteSheet
        quoteId={openQuote}
        initial={query.data?.data.find((quote) => quote.quoteId === openQuote)}
        onClose={() => void setOpenQuote(null)}
      />
    </NamesProvider>
  );
}
