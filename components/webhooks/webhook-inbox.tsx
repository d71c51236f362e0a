"use client";

import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { Fragment, useState } from "react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { CopyableOpener } from "@/components/data-table/copyable-opener";
import { DataTable } from "@/components/data-table/data-table";
import { dayEndIso, dayStartIso, defineFilters } from "@/components/data-table/filters";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { idLinkClasses, transactionHref } from "@/components/transactions/links";
import { Badge } from "@/components/ui/badge";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Timestamp } from "@/components/ui/timestamp";
import { type InboxRow, inboxQuery } from "@/lib/client/api/webhooks";
import { cn } from "@/lib/universal/utils";
import { webhookTypes } from "@/shared/contract/limits";
import { answerMeaning, inboxRowLabel, rejectionReason } from "./inbox-presentation";

// The event's sheet (and the Radix dialog under it) is downloaded when an event is first opened.
const WebhookEventSheet = lazyWhenOpen(
  () => import("./webhook-event-sheet").then((module) => module.WebhookEventSheet),
  (props) => props.row !== null,
);

const inboxFilters = defineFilters([
  {
    type: "select",
    key: "type",
    label: "Type",
    allLabel: "All types",
    // Named as the Type column and the API's reference name them: INCOMING_PAYMENT, KYC_STATUS.
    options: webhookTypes.map((type) => ({ value: type, label: type })),
  },
  { type: "text", key: "transactionId", label: "Transaction ID", placeholder: "Transaction:…" },
  { type: "date-range", label: "Received", fromKey: "receivedFrom", toKey: "receivedTo" },
  { type: "boolean", key: "unverified", label: "Failed signature checks only" },
]);

/**
 * The inbox's badges of words (an answer, a refusal, a type) wrap between their words when the columns are narrow,
 * rather than each hold its whole width on one line: a table of auto-width columns cannot be narrower than its
 * widest unbreakable cells, and "Asked for sender information" beside a long type pushed it past a 1280 px page.
 */
const WRAPPING_BADGE = "whitespace-normal rounded-lg";

/**
 * An event type with a place to wrap after each "_" ("INVITATION_ | CLAIMED"), the text itself unchanged; in one
 * span, the badge's one flex item, so its lines can wrap.
 */
function withWrapPoints(type: string) {
  return (
    <span>
      {type.split(/(?<=_)/).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

const col = dataTableColumnHelper<InboxRow>();
const columns = col.columns([
  col.accessor("receivedAt", {
    header: "Received",
    meta: { phone: { line: 1, end: true } },
    cell: (info) => (
      <span className="flex flex-col whitespace-nowrap">
        <RelativeTime date={info.getValue()} clock="console" />
        <Timestamp
          value={info.getValue()}
          style="time"
          className="font-mono text-[11px] text-zinc-500 dark:text-zinc-400"
        />
      </span>
    ),
  }),
  col.display({
    id: "event",
    header: "Event",
    meta: { primary: true, phone: { line: 4 } },
    cell: ({ row }) => (
      <span className="block max-w-32 truncate font-mono text-xs 2xl:max-w-52">
        {inboxRowLabel(row.original)}
      </span>
    ),
  }),
  col.accessor("type", {
    header: "Type",
    meta: { phone: { line: 1 } },
    cell: (info) => {
      const type = info.getValue();
      return type ? (
        <Badge variant="outline" className={cn(WRAPPING_BADGE, "font-mono")}>
          {withWrapPoints(type)}
        </Badge>
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">Unknown</span>
      );
    },
  }),
  col.display({
    id: "signature",
    header: "Signature",
    meta: { phone: { line: 2, end: true } },
    cell: ({ row }) =>
      row.original.kind === "verified" ? (
        <Badge variant="success">Verified</Badge>
      ) : (
        <Badge variant="danger" className={WRAPPING_BADGE}>
          {rejectionReason(row.original.reason)}
        </Badge>
      ),
  }),
  col.display({
    id: "answer",
    header: "Answered",
    meta: { phone: { line: 2 } },
    cell: ({ row }) => {
      const item = row.original;
      if (item.kind === "rejected") return <span className="font-mono text-xs">401 · refused</span>;
      const meaning = answerMeaning(item.responseStatus, item.type);
      return (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-mono text-xs">{item.responseStatus}</span>
          <Badge variant={meaning.tone} className={WRAPPING_BADGE}>
            {meaning.label}
          </Badge>
        </span>
      );
    },
  }),
  col.display({
    id: "transaction",
    header: "Transaction",
    meta: { phone: { line: 3, wide: true } },
    cell: ({ row }) => {
      const item = row.original;
      // Nothing on a phone's card, where a dash would stand alone on a line.
      if (item.kind !== "verified" || !item.transactionId)
        return <span className="text-zinc-500 max-sm:hidden dark:text-zinc-400">—</span>;
      return (
        <span className="flex flex-col items-start gap-1">
          {/* The payment's page, as the transactions list links its ids; the whole id and its copy button are
              worked by the table (decision 0071). Cut at 9 rem, and the Event column at 8 rem below 1536 px, so the
              table keeps within a 1280 px page beside the widest answers ("Asked for sender information"). */}
          <CopyableOpener
            value={item.transactionId}
            label="transaction ID"
            opener={
              <Link
                href={transactionHref(item.transactionId)}
                className={cn(idLinkClasses, "max-w-36 truncate")}
              >
                {item.transactionId}
              </Link>
            }
          />
          {item.transactionStatus ? <StatusBadge status={item.transactionStatus} /> : null}
        </span>
      );
    },
  }),
]);

/** The events the console received, newest first, live: filters and pages in the URL, details in a side panel. */
export function WebhookInbox() {
  const { values } = useDataTableFilters(inboxFilters);
  const { cursor } = useCursorPagination();
  const [open, setOpen] = useState<InboxRow | null>(null);
  const query = useQuery(
    inboxQuery({
      type: values.type ?? undefined,
      transactionId: values.transactionId ?? undefined,
      from: dayStartIso(values.receivedFrom),
      to: dayEndIso(values.receivedTo),
      unverified: values.unverified === true,
      cursor,
    }),
  );

  return (
    <>
      <DataTable
        columns={columns}
        query={query}
        getRowId={(row) => `${row.kind}-${row.id}`}
        label="Received webhooks"
        savedViews="webhooks"
        phoneCards
        itemNoun={{ one: "event", other: "events" }}
        filters={inboxFilters}
        onRowOpen={setOpen}
        rowAction="Open"
        empty={{
          icon: Inbox,
          title: values.unverified ? "No delivery has failed verification" : "No webhooks received yet",
          description: values.unverified
            ? "Deliveries whose signature does not verify are refused with 401 and listed here."
            : "Events the payment API sends to this console's endpoint appear here as they arrive.",
        }}
        errorTitle="The inbox could not be loaded"
      />
      <WebhookEventSheet row={open} onClose={() => setOpen(null)} />
    </>
  );
}
