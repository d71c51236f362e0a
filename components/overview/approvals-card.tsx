"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { transactionHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { Countdown } from "@/components/ui/countdown";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { approvalSummaryQuery } from "@/lib/client/api/approvals";
import { senderNameOf } from "@/lib/universal/approvals/sender-name";
import { formatCount } from "@/lib/universal/intl/count";
import { OverviewCard } from "./overview-card";

/** How many incoming payments wait for a person, and how soon the first of them times out. */
export function ApprovalsCard() {
  const query = useQuery(approvalSummaryQuery());
  return (
    <OverviewCard
      id="approvals"
      title="Waiting for approval"
      description="Incoming payments held for a decision, soonest deadline first."
    >
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label="Loading pending approvals" className="flex flex-col gap-2">
            <Skeleton className="h-9 w-16" />
            <Skeleton className="h-4 w-40" />
          </div>
        }
        error={{ title: "The approval queue could not be loaded", headingLevel: "h3", className: "py-4" }}
        isEmpty={(data) => data.waiting === 0}
        empty={
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
            Nothing is waiting. New payments that need approval appear in the queue at once.
          </p>
        }
      >
        {/* Soonest deadline first: the one to look at now. */}
        {({ waiting, soonest }) => (
          <div className="flex flex-1 flex-col gap-3">
            <p className="text-3xl font-semibold tracking-tight tabular-nums">
              {/* The payment API counts up to 10,000; beyond it, "Many". */}
              {waiting === null ? "Many" : formatCount(waiting)}{" "}
              <span className="ml-1 text-sm font-normal text-zinc-600 dark:text-zinc-400">
                payment{waiting === 1 ? "" : "s"} waiting
              </span>
            </p>
            <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {soonest.map((entry) => (
                <li
                  key={entry.transaction.id}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                >
                  <Link
                    href={transactionHref(entry.transaction.id)}
                    className="min-w-0 font-medium underline-offset-2 hover:underline"
                  >
                    {entry.transaction.receivedAmount ? (
                      <Money
                        amount={entry.transaction.receivedAmount.amount}
                        currency={entry.transaction.receivedAmount.currency}
                      />
                    ) : (
                      "Amount not stated"
                    )}
                    <span className="font-normal text-zinc-600 dark:text-zinc-400">
                      {" "}
                      from {senderNameOf(entry.counterpartyInformation, "an unnamed sender")}
                    </span>
                  </Link>
                  {entry.deadline ? (
                    <Countdown
                      deadline={entry.deadline}
                      label="Times out in"
                      expiredLabel="Timed out"
                      className="text-xs"
                    />
                  ) : (
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">No deadline</span>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-auto">
              <Button asChild size="sm">
                <Link href="/approvals">Review the queue</Link>
              </Button>
            </div>
          </div>
        )}
      </QueryState>
    </OverviewCard>
  );
}
