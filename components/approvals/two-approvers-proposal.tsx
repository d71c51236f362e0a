"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { useState } from "react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { FromTo } from "@/components/config/config-diff-list";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { Timestamp } from "@/components/ui/timestamp";
import { approvalThresholdsQuery, decideThresholdsProposal } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ThresholdChange, ThresholdsProposal } from "@/lib/universal/approvals/thresholds-rule";
import type { Decision } from "@/lib/universal/auth/permissions";
import { currencyDecimals } from "@/shared/contract/iso-4217";

function Minimum({ currency, amount }: { currency: string; amount: number | null }) {
  if (amount === null) return <>one approver</>;
  return (
    <>
      two from{" "}
      <Money amount={amount} currency={{ code: currency, decimals: currencyDecimals(currency) ?? 2 }} />
    </>
  );
}

/** A change of the two-person rule, currency by currency, each marked looser or stricter. */
function ThresholdsDiffList({ changes, label }: { changes: readonly ThresholdChange[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
    >
      {changes.map((change) => (
        <li key={change.currency} className="flex flex-wrap items-center gap-2 px-3 py-2.5">
          <Badge variant={change.direction === "looser" ? "warning" : "info"}>
            {change.direction === "looser" ? "Looser" : "Stricter"}
          </Badge>
          <span className="font-medium">{change.currency}</span>
          <FromTo
            from={<Minimum currency={change.currency} amount={change.before} />}
            to={<Minimum currency={change.currency} amount={change.after} />}
          />
        </li>
      ))}
    </ul>
  );
}

const OUTCOMES = {
  approve: "The change of the two-person rule was approved and applied.",
  decline: "The change of the two-person rule was declined; the rule stays as it is.",
  withdraw: "Your proposed change of the two-person rule was withdrawn.",
} as const;

/**
 * The change of the two-person rule waiting for a second person (loosening it never applies on one person's word):
 * who proposed it, when, the diff; another compliance officer or admin approves or declines it, the proposer
 * withdraws it. What happened is said here, on the page, in a live region that outlasts the card.
 */
export function TwoApproversProposal() {
  const query = useQuery(approvalThresholdsQuery());
  const [outcome, setOutcome] = useState<string | null>(null);
  const proposal = query.data?.proposal ?? null;
  return (
    <div className={outcome || proposal ? "mb-4 flex flex-col gap-2" : "flex flex-col"}>
      <p role="status" className={outcome ? "text-sm font-medium" : "sr-only"}>
        {outcome ?? ""}
      </p>
      {proposal ? <PendingThresholdsChange proposal={proposal} onDecided={setOutcome} /> : null}
    </div>
  );
}

function PendingThresholdsChange({
  proposal,
  onDecided,
}: {
  proposal: ThresholdsProposal;
  onDecided: (outcome: string) => void;
}) {
  const viewer = useViewer();
  const decide = usePermission("approvals.decide");
  const queryClient = useQueryClient();
  const mine = proposal.proposedBy.email.toLowerCase() === viewer.email.toLowerCase();
  const headingId = `thresholds-proposal-${proposal.id}`;
  const act = (decision: "approve" | "decline" | "withdraw") => async () => {
    try {
      await decideThresholdsProposal(proposal.id, decision);
    } finally {
      // Applied, declined, or refused as stale: in every case the rule and the queue's "needs two" may have moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
    }
    onDecided(OUTCOMES[decision]);
  };
  const otherPerson: Decision = !decide.allowed
    ? decide
    : mine
      ? {
          allowed: false,
          reason: "You proposed this change; another compliance officer or admin must decide it.",
        }
      : { allowed: true };
  return (
    <Card
      aria-labelledby={headingId}
      className="border-violet-300 bg-violet-50/60 dark:border-violet-900 dark:bg-violet-950/30"
    >
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <UsersRound aria-hidden="true" className="size-4 shrink-0" />
            Pending change to the two-person rule
          </CardTitle>
          <CardDescription>
            Proposed by{" "}
            <span className="font-medium text-zinc-800 dark:text-zinc-200">{proposal.proposedBy.email}</span>{" "}
            <Timestamp value={proposal.proposedAt} />. It loosens the rule, so it is not applied until another
            compliance officer or admin approves it. Payments that arrived before keep the rule they arrived
            under.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ThresholdsDiffList changes={proposal.diff} label="Proposed changes to the two-person rule" />
        <div className="flex flex-wrap items-center justify-end gap-2">
          {mine ? (
            <ConfirmedActionButton
              decision={decide}
              title="Withdraw this proposal?"
              description="Nothing is applied; you can propose the change again later."
              confirmLabel="Withdraw proposal"
              pendingLabel="Withdrawing…"
              cancelLabel="Keep it"
              action={act("withdraw")}
              failure="The proposal could not be withdrawn."
            >
              Withdraw
            </ConfirmedActionButton>
          ) : null}
          {!mine && decide.allowed ? (
            <ConfirmedActionButton
              decision={otherPerson}
              title="Decline this change?"
              description="Nothing is applied. The officer who proposed it sees that you declined it."
              confirmLabel="Decline change"
              pendingLabel="Declining…"
              cancelLabel="Keep it waiting"
              destructive
              action={act("decline")}
              failure="The change could not be declined."
            >
              Decline
            </ConfirmedActionButton>
          ) : null}
          {decide.allowed ? (
            <ConfirmedActionButton
              decision={otherPerson}
              variant="default"
              title="Approve this change of the two-person rule?"
              description="It applies now, as you, to payments that arrive from now on, and is recorded in the audit log with the proposal."
              confirmLabel="Approve and apply"
              pendingLabel="Applying…"
              cancelLabel="Keep it waiting"
              action={act("approve")}
              failure="The change could not be approved."
            >
              Approve
            </ConfirmedActionButton>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Waiting for a second compliance officer or admin. {decide.reason}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
