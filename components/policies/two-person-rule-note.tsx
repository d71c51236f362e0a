"use client";

import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { approvalThresholdsQuery } from "@/lib/client/api/approvals";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { currencyDecimals } from "@/shared/contract/iso-4217";

/**
 * Under the rules in force: the two-person rule comes before them. A payment at or over its currency's threshold is
 * held for two officers whatever a rule would approve (lib/server/policies/decide.ts), so a rule's "approve up to
 * $5,000" does not reach past it. Nothing while no currency needs two approvers.
 */
export function TwoPersonRuleNote() {
  const thresholds = useQuery(approvalThresholdsQuery()).data?.thresholds ?? [];
  if (thresholds.length === 0) return null;
  const amounts = thresholds
    .map(({ currency, minimumAmount }) =>
      formatMinorUnits(minimumAmount, { code: currency, decimals: currencyDecimals(currency) ?? 2 }),
    )
    .join(", ");
  return (
    <p className="mt-4 flex items-start gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
      <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        The two-person rule comes first: payments of {amounts} or more are held for two officers, whatever a
        rule would approve.
      </span>
    </p>
  );
}
