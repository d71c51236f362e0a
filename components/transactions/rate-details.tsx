import { Money } from "@/components/ui/money";
import { formatPercent, formatRate, rateDetailRows } from "@/lib/universal/transactions/rate";
import type { Currency, RateDetails } from "@/shared/contract";
import { DetailList } from "./detail-list";

/** The rate details the API sent, each labelled and explained; nothing when it sent none. */
export function RateDetailsList({
  details,
  sendingCurrency,
  receivingCurrency,
}: {
  details: RateDetails | undefined;
  sendingCurrency: Currency | undefined;
  receivingCurrency: Currency | undefined;
}) {
  const rows = rateDetailRows(details);
  if (rows.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">The payment API sent no rate details.</p>;
  }
  return (
    <DetailList
      rows={rows.map((row) => ({
        label: row.label,
        hint: row.description,
        value:
          row.kind === "percent" ? (
            formatPercent(row.value)
          ) : row.kind === "sending-minor" && sendingCurrency && Number.isSafeInteger(row.value) ? (
            <Money amount={row.value} currency={sendingCurrency} />
          ) : row.kind === "receiving-minor" && receivingCurrency && Number.isSafeInteger(row.value) ? (
            <Money amount={row.value} currency={receivingCurrency} />
          ) : (
            formatRate(row.value)
          ),
      }))}
    />
  );
}
