"use client";

import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DateTime } from "@/components/transactions/date-time";
import { customerHref, transactionHref } from "@/components/transactions/links";
import { Link } from "@/components/ui/link";
import { paymentEndedTag } from "@/lib/universal/screening/payment-ended";
import { listName, recipientScreeningHref, type ScreeningRecord } from "@/lib/universal/screening/records";
import { cn, focusRing } from "@/lib/universal/utils";

const col = dataTableColumnHelper<ScreeningRecord>();

const hrefOf = (record: ScreeningRecord) =>
  ({
    payment: `${transactionHref(record.subjectId)}#screening`,
    customer: `${customerHref(record.subjectId)}#screening`,
    recipient: recipientScreeningHref(record.subjectId),
  })[record.subjectType];

const SUBJECT = { payment: "Sender of payment", customer: "Customer", recipient: "Holder of bank account" };

/** The alerts queue's columns: who was screened, the best open match and its score, since when, and Review. */
export const alertsColumns = col.columns([
  col.accessor("subjectName", {
    header: "Screened",
    // On a phone the table scrolls in its card rather than squeeze the id to a few letters a line.
    meta: { className: "min-w-52", phone: { line: 1 } },
    cell: (info) => (
      <>
        <div className="font-medium">{info.getValue()}</div>
        <div className="text-xs text-zinc-600 dark:text-zinc-400">
          {SUBJECT[info.row.original.subjectType]}{" "}
          <span className="break-all font-mono">{info.row.original.subjectId}</span>
        </div>
        {info.row.original.paymentEnded ? (
          <div className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {paymentEndedTag(info.row.original.paymentEnded)}: nothing left to reject
          </div>
        ) : null}
      </>
    ),
  }),
  col.display({
    id: "match",
    header: "Best open match",
    meta: { className: "min-w-44", phone: { line: 2, wide: true, label: "Best open match" } },
    cell: (info) => {
      const record = info.row.original;
      if (record.outcome === "failed") return record.failure ?? "Screening failed";
      const hit = record.hits.find((h) => h.alert && !h.dismissed);
      if (!hit) return "—";
      return (
        <>
          <div>
            {hit.primaryName} <span className="font-mono tabular-nums">{Math.round(hit.score * 100)}%</span>
          </div>
          <div className="text-xs text-zinc-600 dark:text-zinc-400">
            {listName(hit.listId)} · entry {hit.entryId}
          </div>
        </>
      );
    },
  }),
  col.accessor("screenedAt", {
    header: "Waiting since",
    meta: { phone: { line: 3, label: "Waiting since" } },
    cell: (info) => <DateTime iso={info.getValue()} />,
  }),
  col.display({
    id: "review",
    header: () => <span className="sr-only">Review</span>,
    // On a phone's card, at the top right beside who was screened: in sight without a sideways scroll.
    meta: { className: "text-right", phone: { line: 1, end: true } },
    cell: (info) => (
      <Link
        href={hrefOf(info.row.original)}
        className={cn(
          "whitespace-nowrap rounded-sm text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400",
          focusRing,
        )}
      >
        Review<span className="sr-only"> {info.row.original.subjectName}</span>
      </Link>
    ),
  }),
]);
