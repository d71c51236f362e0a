"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { Badge } from "@/components/ui/badge";
import { FromTo } from "@/components/ui/from-to";
import { Money } from "@/components/ui/money";
import { approvalThresholdsQuery, decideThresholdsProposal } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ThresholdChange, ThresholdsProposal } from "@/lib/universal/approvals/thresholds-rule";
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
  const mine = useProposedByViewer(proposal.proposedBy);
  const decide = usePermission(
    "approvals.decide",
    "Only compliance officers and admins change the two-person rule.",
  );
  const queryClient = useQueryClient();
  const act = async (decision: "approve" | "decline" | "withdraw") => {
    try {
      await decideThresholdsProposal(proposal.id, decision);
    } finally {
      // Applied, declined, or refused as stale: in every case the rule and the queue's "needs two" may have moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
    }
    onDecided(OUTCOMES[decision]);
  };
  return (
    <ProposalCard
      headingId={`thresholds-proposal-${proposal.id}`}
      title="Pending change to the two-person rule"
      proposedBy={proposal.proposedBy}
      mine={mine}
      proposedAt={proposal.proposedAt}
      explanation={
        <>
          It loosens the rule, so it is not applied until another compliance officer or admin approves it.
          Payments that arrived before keep the rule they arrived under.
        </>
      }
      actions={
        <ProposalActions
          mine={mine}
          permission={decide}
          second="compliance officer or admin"
          mineReason="You proposed this change; another compliance officer or admin must decide it."
          texts={{
            decline: {
              description: "Nothing is applied. The officer who proposed it sees that you declined it.",
            },
            approve: {
              title: "Approve this change of the two-person rule?",
              description:
                "It applies now, as you, to payments that arrive from now on, and is recorded in the audit log with the proposal.",
            },
          }}
          onDecide={act}
        />
      }
    >
      <ThresholdsDiffList changes={proposal.diff} label="Proposed changes to the two-person rule" />
    </ProposalCard>
  );
}
