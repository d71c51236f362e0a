import { ArrowRight } from "lucide-react";
import { DetailList } from "@/components/transactions/detail-list";
import { RateDetailsList } from "@/components/transactions/rate-details";
import { Money } from "@/components/ui/money";
import { isRealTimeFunded } from "@/lib/client/api/quotes";
import { describeRate } from "@/lib/universal/transactions/rate";
import type { Quote } from "@/shared/contract";

/** Both totals, the fees and the rate of a quote: what leaves, what it costs, what arrives. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const rate = describeRate(quote.exchangeRate, quote.sendingCurrency.code, quote.receivingCurrency.code);
  const converted = quote.totalSendingAmount - quote.feesIncluded;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid items-center gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <div className="rounded-lg bg-zinc-50 p-4 dark:bg-zinc-950">
          <p className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            You send
          </p>
          <p className="mt-1 text-2xl font-semibold tracking-tight">
            <Money amount={quote.totalSendingAmount} currency={quote.sendingCurrency} />
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Fees included</p>
        </div>
        <ArrowRight aria-hidden="true" className="mx-auto size-5 text-zinc-400 max-sm:rotate-90" />
        <div className="rounded-lg bg-zinc-50 p-4 dark:bg-zinc-950">
          <p className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            They receive
          </p>
          <p className="mt-1 text-2xl font-semibold tracking-tight">
            <Money amount={quote.totalReceivingAmount} currency={quote.receivingCurrency} />
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{quote.receivingCurrency.name}</p>
        </div>
      </div>
      <DetailList
        rows={[
          {
            label: "Total sent",
            hint: isRealTimeFunded(quote)
              ? "Paid in by the sender, just in time"
              : "Taken from the source account",
            value: <Money amount={quote.totalSendingAmount} currency={quote.sendingCurrency} />,
          },
          {
            label: "Fees",
            hint: "Included in the total sent",
            value: <Money amount={quote.feesIncluded} currency={quote.sendingCurrency} />,
          },
          {
            label: "Converted",
            hint: "Total sent minus fees",
            value: <Money amount={converted} currency={quote.sendingCurrency} />,
          },
          {
            label: "Exchange rate",
            value: (
              <span className="flex flex-col items-end">
                <span>{rate.perSendingUnit}</span>
                {rate.perReceivingUnit ? (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{rate.perReceivingUnit}</span>
                ) : null}
              </span>
            ),
          },
          {
            label: "Total received",
            strong: true,
            value: <Money amount={quote.totalReceivingAmount} currency={quote.receivingCurrency} />,
          },
        ]}
      />
      <details className="group rounded-md border border-zinc-200 dark:border-zinc-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-zinc-700 select-none dark:text-zinc-300">
          Rate details
        </summary>
        <div className="border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
          <RateDetailsList
            details={quote.rateDetails}
            sendingCurrency={quote.sendingCurrency}
            receivingCurrency={quote.receivingCurrency}
          />
        </div>
      </details>
    </div>
  );
}
