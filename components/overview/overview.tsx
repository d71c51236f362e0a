"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { Card } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { overviewBalancesQuery, overviewQuery } from "@/lib/client/api/transactions";
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

/**
 * A card's place while its figures load, or after they failed: said with `failed`, or (a card whose failure another
 * card already says) left out.
 */
function FiguresState({
  query,
  loading,
  failed,
  className,
}: {
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  loading: string;
  failed?: string;
  className?: string;
}) {
  if (query.isError && failed === undefined) return null;
  return (
    <Card className={className}>
      {query.isError ? (
        <ErrorState
          title={failed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <LoadingState label={loading} rows={4} columns={3} />
      )}
    </Card>
  );
}

/**
 * The platform at a glance: money held, today's flow, 30 days of volume, what waits for people, what went wrong. The
 * balances are the same for every reader and come with the page; the days are the reader's, known in the browser.
 */
export function Overview({ platform }: { platform: React.ReactNode }) {
  const timeZone = useTimeZone();
  const balances = useQuery(overviewBalancesQuery());
  const query = useQuery({ ...overviewQuery(timeZone ?? "UTC"), enabled: timeZone !== null });

  // Two columns for the money held (its amounts are long) and the 30 days, today beside them; what waits for
  // people and what went wrong in the third.
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {balances.data ? (
        <BalancesCard balances={balances.data} className="lg:col-span-2" />
      ) : (
        <FiguresState
          query={balances}
          loading="Adding up balances"
          failed="Balances could not be added up"
          className="lg:col-span-2"
        />
      )}
      <ApprovalsCard />
      {query.data ? (
        <VolumeCard overview={query.data} />
      ) : (
        <FiguresState
          query={query}
          loading="Adding up the last 30 days"
          failed="The last 30 days could not be added up"
          className="lg:col-span-2"
        />
      )}
      {query.data ? (
        <TodayCard overview={query.data} />
      ) : (
        <FiguresState query={query} loading="Adding up today's payments" />
      )}
      <div className="lg:col-span-2">
        <RecentTransactionsCard />
      </div>
      <RejectedDeliveriesCard />
      {platform}
    </div>
  );
}
