"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { overviewQuery } from "@/lib/payments/transactions";
import { ApprovalsCard } from "./approvals-card";
import { BalancesCard } from "./balances-card";
import { RecentTransactionsCard } from "./recent-transactions-card";
import { RejectedDeliveriesCard } from "./rejected-deliveries-card";
import { TodayCard } from "./today-card";
import { VolumeCard } from "./volume-card";

// Days are the reader's days; the server renders before it knows the browser's zone, so it starts from UTC.
function useTimeZone(): string | null {
  const [zone, setZone] = React.useState<string | null>(null);
  React.useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  }, []);
  return zone;
}

/** The platform at a glance: money held, today's flow, 30 days of volume, what waits for people, what went wrong. */
export function Overview({ platform }: { platform: React.ReactNode }) {
  const timeZone = useTimeZone();
  const query = useQuery({ ...overviewQuery(timeZone ?? "UTC"), enabled: timeZone !== null });

  const figures =
    query.isPending || timeZone === null ? (
      <div className="rounded-lg border border-zinc-200 bg-white shadow-sm lg:col-span-2 dark:border-zinc-800 dark:bg-zinc-900">
        <LoadingState label="Adding up balances and volume" rows={4} columns={3} />
      </div>
    ) : query.isError ? (
      <div className="rounded-lg border border-zinc-200 bg-white shadow-sm lg:col-span-2 dark:border-zinc-800 dark:bg-zinc-900">
        <ErrorState
          title="Balances and volume could not be added up"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    ) : null;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {figures ?? (query.data ? <BalancesCard balances={query.data.balances} /> : null)}
      {figures ? null : query.data ? <TodayCard overview={query.data} /> : null}
      <ApprovalsCard />
      {query.data ? <VolumeCard overview={query.data} /> : null}
      <RejectedDeliveriesCard />
      <div className="lg:col-span-2">
        <RecentTransactionsCard />
      </div>
      {platform}
    </div>
  );
}
