"use client";

import { useQuery } from "@tanstack/react-query";
import { ReceiptText, Send } from "lucide-react";
import Link from "next/link";
import { parseAsString, useQueryState } from "nuqs";
import { useMemo } from "react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { DateTime } from "@/components/transactions/date-time";
import { Button } from "@/components/ui/button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Money } from "@/components/ui/money";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { quoteListQuery } from "@/lib/payments/quotes";
import { describeRate } from "@/lib/transactions/rate";
import type { Quote } from "@/shared/contract";
import { explainQuoteFilterError, quoteFilters, quoteListParams } from "./quote-filters";

// The quote's sheet (and the Radix dialog under it) is downloaded when a quote is first opened.
const QuoteSheet = lazyWhenOpen(
  () => import("./quote-sheet").then((module) => module.QuoteSheet),
  (props) => props.quoteId !== null,
);

const col = dataTableColumnHelper<Quote>();

const columns = col.columns([
  col.accessor("createdAt", {
    header: "Created",
    cell: (info) => <DateTime iso={info.getValue()} />,
  }),
  col.accessor("quoteId", {
    header: "Quote",
    meta: { primary: true, copyable: "quote ID" },
    cell: (info) => <span className="block max-w-32 truncate font-mono text-xs">{info.getValue()}</span>,
  }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
  col.accessor("totalSendingAmount", {
    header: "Sends",
    meta: { align: "right" },
    cell: (info) => <Money amount={info.getValue()} currency={info.row.original.sendingCurrency} />,
  }),
  col.accessor("totalReceivingAmount", {
    header: "Receives",
    meta: { align: "right" },
    cell: (info) => <Money amount={info.getValue()} currency={info.row.original.receivingCurrency} />,
  }),
  col.accessor("exchangeRate", {
    header: "Rate",
    cell: (info) => (
      // "1 USD = 17.2 MXN" breaks after "=" when the column is narrow, never inside an amount.
      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
        {describeRate(
          info.getValue(),
          info.row.original.sendingCurrency.code,
          info.row.original.receivingCurrency.code,
        )
          .perSendingUnit.split(" = ")
          .map((side, index, sides) => (
            <span key={side} className="whitespace-nowrap">
              {side}
              {index < sides.length - 1 ? " =" : null}
            </span>
          ))
          .flatMap((side, index) => (index === 0 ? [side] : [" ", side]))}
      </span>
    ),
  }),
  col.accessor((row) => row.destination.umaAddress || row.destination.accountId || "—", {
    id: "destination",
    header: "To",
    // An account id or a UMA address: broken anywhere rather than cut, so the whole destination stays readable.
    cell: (info) => (
      <span className="block max-w-44 min-w-28 font-mono text-xs [overflow-wrap:anywhere]">
        {info.getValue()}
      </span>
    ),
  }),
  col.accessor("expiresAt", {
    header: "Expires",
    cell: (info) =>
      info.row.original.status === "PENDING" ? (
        <RelativeTime date={info.getValue()} className="whitespace-nowrap" />
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">—</span>
      ),
  }),
]);

/** Every quote, filtered by everything GET /quotes filters on; a row opens its details in a side panel. */
export function QuotesTable() {
  const filters = useDataTableFilters(quoteFilters);
  const { cursor } = useCursorPagination();
  const [openQuote, setOpenQuote] = useQueryState("quote", parseAsString.withOptions({ history: "push" }));
  const params = useMemo(() => quoteListParams(filters.values), [filters.values]);
  const query = useQuery(quoteListQuery({ ...params, cursor }));
  const error = useMemo(() => explainQuoteFilterError(query.error), [query.error]);

  return (
    <>
      <DataTable
        columns={columns}
        query={{ ...query, error }}
        getRowId={(row) => row.quoteId}
        label="Quotes"
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
    </>
  );
}
