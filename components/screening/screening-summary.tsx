import { ShieldAlert, ShieldCheck, ShieldX } from "lucide-react";
import { type ScreeningRecord, screeningLine } from "@/lib/universal/screening/records";

/** The one line a screening gives a card, with its icon and colour. */
export function ScreeningSummary({ record }: { record: ScreeningRecord }) {
  const open = record.status === "open" || record.status === "confirmed";
  const failed = record.outcome === "failed" || record.status === "confirmed";
  const Icon = failed ? ShieldX : open ? ShieldAlert : ShieldCheck;
  const tone = failed || open ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300";
  return (
    <p className={`flex items-start gap-2 text-sm ${tone}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">
          {failed ? (record.failure ?? screeningLine(record)) : screeningLine(record)}
        </span>
        {record.staleLists.length > 0 ? (
          <span className="block text-xs">A list was out of date when screened: a person decides.</span>
        ) : null}
      </span>
    </p>
  );
}
