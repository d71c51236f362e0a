import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { Money } from "@/components/ui/money";
import type { Overview } from "@/lib/client/api/transactions";
import { OverviewCard } from "./overview-card";

function payments(count: number): string {
  return count === 0 ? "none" : `${count} payment${count === 1 ? "" : "s"}`;
}

/** Today's completed money in and out, per currency, in the reader's time zone. */
export function TodayCard({ overview }: { overview: Overview }) {
  const today = overview.days[overview.days.length - 1];
  const rows = overview.volume.currencies
    .map((entry) => ({ currency: entry.currency, day: entry.days.find((day) => day.day === today) }))
    .filter((row) => row.day && (row.day.incomingCount > 0 || row.day.outgoingCount > 0));
  return (
    <OverviewCard id="today" title="Today" description={`Completed payments, ${overview.timeZone} time.`}>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No completed payments yet today.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Today's volume per currency</caption>
          <thead>
            <tr className="text-xs text-zinc-500 dark:text-zinc-400 uppercase">
              {/* The codes say what they are; a visible heading would widen the column the amounts need. */}
              <th scope="col" className="pb-2 text-left font-medium">
                <span className="sr-only">Currency</span>
              </th>
              <th scope="col" className="pb-2 pl-4 text-right font-medium">
                <span className="inline-flex items-center gap-1">
                  <ArrowDownLeft aria-hidden="true" className="size-3.5 text-emerald-600" />
                  In
                </span>
              </th>
              <th scope="col" className="pb-2 pl-4 text-right font-medium">
                <span className="inline-flex items-center gap-1">
                  <ArrowUpRight aria-hidden="true" className="size-3.5 text-sky-600" />
                  Out
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ currency, day }) =>
              day ? (
                <tr key={currency.code} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="py-2 text-left font-mono font-medium">
                    {currency.code}
                  </th>
                  <td className="py-2 pl-4 text-right">
                    <Money amount={BigInt(day.incoming)} currency={currency} />
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {payments(day.incomingCount)}
                    </span>
                  </td>
                  <td className="py-2 pl-4 text-right">
                    <Money amount={BigInt(day.outgoing)} currency={currency} />
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {payments(day.outgoingCount)}
                    </span>
                  </td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      )}
    </OverviewCard>
  );
}
