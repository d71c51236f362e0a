"use client";

import { useQuery } from "@tanstack/react-query";
import { DateTime } from "@/components/transactions/date-time";
import { DetailList } from "@/components/transactions/detail-list";
import { IdValue } from "@/components/transactions/id-value";
import { transactionHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { Sheet, SheetBody, SheetContent, SheetFooter } from "@/components/ui/sheet";
import { LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { quoteQuery, quoteWasExecuted } from "@/lib/client/api/quotes";
import type { Quote } from "@/shared/contract";
import { QuoteSummary } from "./quote-summary";

type Props = {
  quoteId: string | null;
  /** The row as the list loaded it, shown while the quote is read afresh. */
  initial: Quote | undefined;
  onClose: () => void;
};

/** A quote's details beside the list, with the way on: execute it while pending, or open its transaction. */
export function QuoteSheet({ quoteId, initial, onClose }: Props) {
  const query = useQuery({ ...quoteQuery(quoteId ?? ""), enabled: quoteId !== null, initialData: initial });
  const quote = query.data;
  return (
    <Sheet open={quoteId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        title="Quote"
        description="What it locks: both totals, the fees and the rate, and where the money goes."
        className="w-[min(36rem,calc(100%-2rem))]"
      >
        <SheetBody className="flex flex-col gap-5">
          <QueryState
            query={query}
            keepDataOnError
            loading={<LoadingState label="Loading the quote" rows={4} columns={2} />}
            error={{
              title: "The quote could not be loaded",
              // The sheet's close button leads back to the list it lies over.
              notFound: {
                title: "No quote has this id",
                message: `${quoteId ?? "The quote"} was not found.`,
              },
            }}
          >
            {(quote) => (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={quote.status} />
                  <IdValue value={quote.quoteId} label="quote id" />
                </div>
                <QuoteSummary quote={quote} />
                <DetailList
                  rows={[
                    { label: "Created", value: <DateTime iso={quote.createdAt} /> },
                    { label: "Rate locked until", value: <DateTime iso={quote.expiresAt} /> },
                    {
                      label: "From",
                      value: <IdValue value={quote.source.accountId ?? "—"} label="source account id" />,
                    },
                    {
                      label: "To",
                      value: (
                        <IdValue
                          value={quote.destination.umaAddress || quote.destination.accountId || "—"}
                          label="destination"
                        />
                      ),
                    },
                    ...(quote.source.customerId
                      ? [
                          {
                            label: "Sending customer",
                            value: <IdValue value={quote.source.customerId} label="customer id" />,
                          },
                        ]
                      : []),
                    {
                      label: "Transaction",
                      value: <IdValue value={quote.transactionId} label="transaction id" />,
                    },
                  ]}
                />
              </>
            )}
          </QueryState>
        </SheetBody>
        {quote ? (
          <SheetFooter>
            {quote.status === "PENDING" ? (
              <Button asChild>
                <Link href={`/quotes/new?quote=${encodeURIComponent(quote.quoteId)}`}>
                  Review and execute
                </Link>
              </Button>
            ) : quoteWasExecuted(quote.status) ? (
              <Button asChild>
                <Link href={transactionHref(quote.transactionId)}>View transaction</Link>
              </Button>
            ) : (
              <p className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">
                This quote expired without being executed; nothing was sent.
              </p>
            )}
          </SheetFooter>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
