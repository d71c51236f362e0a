"use client";

import { ChartColumn } from "lucide-react";
import { parseAsString, useQueryState } from "nuqs";
import { DailyVolumeChart } from "@/components/charts/daily-volume-chart";
import { EmptyState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { Overview } from "@/lib/client/api/transactions";
import { formatCount } from "@/lib/universal/intl/count";
import { OverviewCard } from "./overview-card";

/** Thirty days of completed volume, one currency at a time (the tab is in the URL). */
export function VolumeCard({ overview }: { overview: Overview }) {
  const currencies = overview.volume.currencies;
  const [chosen, setChosen] = useQueryState("volume", parseAsString.withOptions({ history: "replace" }));
  const active = currencies.find((entry) => entry.currency.code === chosen) ?? currencies[0];

  return (
    <OverviewCard
      id="volume"
      title="Daily volume, last 30 days"
      className="lg:col-span-2"
      description={`Completed payments by the day they were made (${overview.timeZone}). Amounts in different currencies are never added together.`}
    >
      {!active ? (
        <EmptyState
          icon={ChartColumn}
          headingLevel="h3"
          title="No completed payments in the last 30 days"
          description="Money sent and received appears here, per currency, as payments complete."
          className="py-8"
        />
      ) : (
        <Tabs value={active.currency.code} onValueChange={(value) => void setChosen(value)}>
          <TabsList aria-label="Currency">
            {currencies.map((entry) => (
              <TabsTrigger key={entry.currency.code} value={entry.currency.code}>
                {entry.currency.code}
              </TabsTrigger>
            ))}
          </TabsList>
          {currencies.map((entry) => (
            <TabsContent key={entry.currency.code} value={entry.currency.code}>
              <DailyVolumeChart
                currency={entry.currency}
                days={entry.days.map((day) => ({
                  day: day.day,
                  incoming: BigInt(day.incoming),
                  outgoing: BigInt(day.outgoing),
                  incomingCount: day.incomingCount,
                  outgoingCount: day.outgoingCount,
                }))}
              />
            </TabsContent>
          ))}
        </Tabs>
      )}
      {!overview.volume.complete ? (
        <p className="mt-3 text-xs text-amber-800 dark:text-amber-300">
          Only the first {formatCount(overview.volume.transactionsCounted)} payments of the period are
          counted; the most recent days may be higher than shown.
        </p>
      ) : null}
    </OverviewCard>
  );
}
