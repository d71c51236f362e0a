"use client";

import { useQuery } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import { approvalThresholdsQuery } from "@/lib/client/api/approvals";
import { currencyDecimals } from "@/shared/contract/iso-4217";

// The form (react-hook-form, the dialog) is downloaded when the dialog first opens, not with the queue.
const ThresholdsDialog = lazyWhenOpen(
  () => import("./two-approvers-thresholds-dialog").then((module) => module.ThresholdsDialog),
  () => true,
);

/**
 * The two-person rule's thresholds: payments at or above a currency's amount need two distinct approvers. The
 * header shows the rule as it stands; compliance and admins change it in a dialog (audited on the server); a change
 * that loosens it waits for a second person (components/approvals/two-approvers-proposal.tsx).
 */
const OFF = "Off: one approver for every payment";

export function TwoApproversThresholds() {
  const decide = usePermission(
    "approvals.decide",
    "Only compliance officers and admins change the two-person rule.",
  );
  const thresholds = useQuery(approvalThresholdsQuery());
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const rules = thresholds.data?.thresholds ?? [];
  return (
    <div className="flex flex-col items-start gap-1">
      <PermittedButton decision={decide} variant="outline" onClick={() => setOpen(true)}>
        <UsersRound aria-hidden="true" />
        Two-person rule
      </PermittedButton>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <QueryState
          query={thresholds}
          keepDataOnError
          loading="Loading the rule…"
          // Without the rule the header says none is set, as it did before the view.
          error={() => OFF}
          isEmpty={(data) => data.thresholds.length === 0}
          empty={OFF}
        >
          {() => (
            <>
              Two approvers from{" "}
              {rules.map((rule, index) => (
                <span key={rule.currency}>
                  {index > 0 ? ", " : null}
                  <Money
                    amount={rule.minimumAmount}
                    currency={{ code: rule.currency, decimals: currencyDecimals(rule.currency) ?? 2 }}
                  />
                </span>
              ))}
            </>
          )}
        </QueryState>
      </p>
      <p role="status" className={saved ? "max-w-xs text-right text-xs font-medium" : "sr-only"}>
        {saved ?? ""}
      </p>
      {open ? (
        <ThresholdsDialog
          current={rules}
          pendingProposal={Boolean(thresholds.data?.proposal)}
          onClose={() => setOpen(false)}
          onSaved={(result) =>
            setSaved(
              result.proposal
                ? "Your change loosens the rule: it is proposed and waits for a second approver (below)."
                : "Two-person rule saved.",
            )
          }
        />
      ) : null}
    </div>
  );
}
