"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { overviewBalancesQuery, overviewQuery } from "@/lib/client/api/transactions";
import { localTimeZoneName } from "@/lib/universal/time/timestamp-format";
import { ApprovalsCard } from "./approvals-card";
import { BalancesCard } from "./balances-card";
import { PlatformCard } from "./platform-card";
import { RecentTransactionsCard } from "./recent-transactions-card";
import { RejectedDeliveriesCard } from "./rejected-deliveries-card";
import { TodayCard } from "./today-card";
import { VolumeCard } from "./volume-card";
import { WaitingForMeCard } from "./waiting-for-me-card";
import { WebhookEndpointCard } from "./webhook-endpoint-card";

// Days are the reader's days; the server renders before it knows the browser's zone, so it starts from UTC.
function useTimeZone(): string | null {
  const [zone, setZone] = React.useState<string | null>(null);
  React.useEffect(() => {
    // Read once the page is drawn and answers, not before: the first DateTimeFormat a page makes loads the browser's
    // date data (about 100 ms at 4x CPU throttling), and the days wait for the server's answer anyway.
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setZone(localTimeZoneName()), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return zone;
}

const LOADING = { rows: 4, columns: 3 } as const;

function inCard(className?: string) {
  return (view: React.ReactNode) => <Card className={className}>{view}</Card>;
}

/**
 * The platform at a glance: money held, today's flow, 30 days of volume, what waits for people, what went wrong. The
 * balances are the same for every reader and come with the page; the days are the reader's, known in the browser.
 */
export function Overview() {
  const timeZone = useTimeZone();
  const balances = useQuery(overviewBalancesQuery());
  const query = useQuery({ ...overviewQuery(timeZone ?? "UTC"), enabled: timeZone !== null });

  // Two columns for the money held (its amounts are long) and the 30 days, today beside them; what waits for
  // people and what went wrong in the third. Below `xl` a third is too narrow for a day's money in and out
  // (MX$39,429.58 beside MX$4,539.28): two columns, the wide cards across both and the narrow ones side by side
  // (dense, so that today stands beside what waits instead of leaving a hole).
  return (
    <div className="grid grid-flow-row-dense grid-cols-1 gap-6 lg:grid-cols-2 xl:grid-cols-3">
      <WaitingForMeCard />
      <WebhookEndpointCard />
      {/* A card's place while its figures load, or after they failed: said, or (a card whose failure another
          card already says) left out. Figures kept from before stay when a refresh fails. */}
      <QueryState
        query={balances}
        keepDataOnError
        frame={inCard("lg:col-span-2")}
        loading={<LoadingState label="Adding up balances" {...LOADING} />}
        error={{ title: "Balances could not be added up" }}
      >
        {(data) => <BalancesCard balances={data} className="lg:col-span-2" />}
      </QueryState>
      <ApprovalsCard />
      <QueryState
        query={query}
        keepDataOnError
        frame={inCard("lg:col-span-2")}
        loading={<LoadingState label="Adding up the last 30 days" {...LOADING} />}
        error={{ title: "The last 30 days could not be added up" }}
      >
        {(data) => <VolumeCard overview={data} />}
      </QueryState>
      <QueryState
        query={query}
        keepDataOnError
        frame={inCard()}
        loading={<LoadingState label="Adding up today's payments" {...LOADING} />}
        error={() => null}
      >
        {(data) => <TodayCard overview={data} />}
      </QueryState>
      <div className="lg:col-span-2">
        <RecentTransactionsCard />
      </div>
      <div className="lg:col-span-2 xl:col-span-1">
        <RejectedDeliveriesCard />
      </div>
      {/* The platform's settings across the page's width: alone in a third of it, its webhook address broke mid-word. */}
      <div className="lg:col-span-2 xl:col-span-3">
        <PlatformCard />
      </div>
    </div>
  );
}
