"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, SearchX } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { defineFilters } from "@/components/data-table/filters";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { filterQueue, queueCurrencies } from "@/lib/approvals/queue-filter";
import { onConsoleEvent } from "@/lib/events/client-bus";
import { approvalQueueQuery } from "@/lib/payments/approvals";
import { isIsoCurrencyCode } from "@/shared/contract/iso-4217";
import { ApprovalCard } from "./approval-card";

/** The queue's filters, kept in the URL; the currency choices are the currencies waiting. */
function queueFilters(currencies: readonly string[]) {
  return defineFilters([
    { type: "text", key: "q", label: "Search the queue", placeholder: "Sender, recipient, memo or id" },
    {
      type: "select",
      key: "currency",
      label: "Currency",
      allLabel: "All currencies",
      options: currencies.map((code) => ({ value: code, label: code })),
      // Chosen, it stays chosen after its last payment is decided, so the filter does not silently lift.
      accepts: isIsoCurrencyCode,
    },
  ]);
}

interface Notice {
  id: string;
  text: string;
}

function outcomeText(event: { transactionStatus?: string; failureReason?: string }): string | undefined {
  if (event.failureReason === "PAYMENT_APPROVAL_TIMED_OUT") return "timed out before anyone decided";
  switch (event.transactionStatus) {
    case "COMPLETED":
      return "was approved";
    case "REJECTED":
      return "was rejected";
    case "FAILED":
      return `failed${event.failureReason ? ` (${event.failureReason})` : ""}`;
    default:
      return undefined;
  }
}

/**
 * The queue of pending incoming payments. It follows the console's live events, so a payment decided by another
 * officer or timed out leaves every open queue with a notice saying who decided it or that it timed out.
 */
export function ApprovalQueue() {
  const query = useQuery(approvalQueueQuery());
  // Joined, so the definitions (and the URL state built from them) change only when the currencies do.
  const currencies = queueCurrencies(query.data?.data ?? []).join(",");
  const filterDefs = useMemo(() => queueFilters(currencies ? currencies.split(",") : []), [currencies]);
  const filters = useDataTableFilters(filterDefs);
  const { values } = filters;
  const shownItems = useMemo(
    () =>
      filterQueue(query.data?.data ?? [], {
        text: values.q,
        currency: values.currency,
      }),
    [query.data, values.q, values.currency],
  );
  const outcomes = useRef(new Map<string, string>());
  const shown = useRef<Set<string> | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(
    () =>
      onConsoleEvent((event) => {
        if (event.kind === "approval-decided") {
          if (!outcomes.current.has(event.transactionId)) {
            outcomes.current.set(event.transactionId, `was ${event.decision} by ${event.decidedBy}`);
          }
        } else if (event.transactionId && event.type === "INCOMING_PAYMENT") {
          const text = outcomeText(event);
          if (text && !outcomes.current.has(event.transactionId))
            outcomes.current.set(event.transactionId, text);
        }
      }),
    [],
  );

  useEffect(() => {
    if (!query.data) return;
    const current = new Set(query.data.data.map((item) => item.transaction.id));
    const previous = shown.current;
    shown.current = current;
    if (!previous) return;
    const gone = [...previous].filter((id) => !current.has(id));
    if (gone.length === 0) return;
    setNotices((existing) =>
      [
        ...gone.map((id) => ({
          id,
          text: `Payment ${id} ${outcomes.current.get(id) ?? "was decided elsewhere"}.`,
        })),
        ...existing,
      ].slice(0, 5),
    );
  }, [query.data]);

  const recordOwnDecision = (id: string, message: string) => {
    outcomes.current.set(id, message.replace(/^You /, "was ").replace(/ this payment\.$/, " by you"));
  };

  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite" className="flex flex-col gap-2">
        {notices.map((notice) => (
          <p
            key={notice.id}
            className="flex items-center justify-between gap-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
          >
            <span>{notice.text}</span>
            <button
              type="button"
              className="text-xs underline underline-offset-2"
              onClick={() => setNotices((existing) => existing.filter((item) => item !== notice))}
            >
              Dismiss
            </button>
          </p>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState label="Loading pending payments" rows={3} columns={3} />
      ) : query.isError ? (
        <ErrorState
          title="The approval queue could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={CircleCheck}
          title="No payments are waiting for a decision"
          description="New incoming payments that need approval appear here as soon as they arrive."
        />
      ) : (
        <>
          <DataTableToolbar filters={filterDefs} state={filters} label="Filter the approval queue" />
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {waitingSummary(shownItems.length, query.data.data.length, filters.activeCount > 0)}
          </p>
          {shownItems.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No waiting payment matches these filters"
              description={`${query.data.data.length} other${query.data.data.length === 1 ? " is" : "s are"} still waiting.`}
              action={
                <Button variant="outline" onClick={filters.clearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            shownItems.map((approval) => (
              <ApprovalCard key={approval.transaction.id} approval={approval} onDecided={recordOwnDecision} />
            ))
          )}
        </>
      )}
    </div>
  );
}

function waitingSummary(shown: number, waiting: number, filtered: boolean): string {
  const payments = (count: number) => `${count} payment${count === 1 ? "" : "s"}`;
  return filtered
    ? `${shown} of ${payments(waiting)} waiting match, soonest deadline first.`
    : `${payments(waiting)} waiting, soonest deadline first.`;
}
