"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { toast } from "@/components/ui/toast";
import { configProposalsQuery, decideProposal } from "@/lib/client/api/config-proposals";
import { queryKeys } from "@/lib/universal/api/keys";
import { fourEyesPartsInWords } from "@/lib/universal/config/four-eyes-rule";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import { ConfigDiffList } from "../config-diff-list";
import { FourEyesDiffList } from "./four-eyes-diff-list";

/** The changes waiting for a second admin, each with its diff and who may do what with it. Nothing when none. */
export function PendingChangePanel() {
  const query = useQuery(configProposalsQuery());
  // Token proposals are decided on the API tokens page, beside the tokens (components/tokens/tokens-console.tsx), and
  // a list's new file on the Screening page, beside the lists (components/screening/list-replacement-card.tsx).
  const pending = (query.data?.pending ?? []).filter(
    (proposal) =>
      proposal.kind !== "token" && proposal.kind !== "screening-list" && proposal.kind !== "screening-source",
  );
  if (pending.length === 0) return null;
  return (
    <>
      {pending.map((proposal) => (
        <PendingChange key={proposal.id} proposal={proposal} />
      ))}
    </>
  );
}

function titleOf(proposal: ConfigProposal): string {
  return proposal.kind === "config"
    ? "Pending configuration change"
    : "Pending change to the four-eyes setting";
}

function PendingChange({ proposal }: { proposal: ConfigProposal }) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const write = usePermission("config.write");
  const queryClient = useQueryClient();
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    try {
      await decideProposal(proposal.id, decision);
    } finally {
      // Applied, declined, or refused as stale: in every case what the page shows has moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.config });
    }
    toast.success(
      decision === "approve"
        ? "Change approved and applied"
        : decision === "decline"
          ? "Change declined"
          : "Proposal withdrawn",
    );
  };
  return (
    <ProposalCard
      headingId={`pending-${proposal.id}`}
      title={titleOf(proposal)}
      proposedBy={proposal.proposedBy}
      mine={mine}
      proposedAt={proposal.proposedAt}
      explanation={
        proposal.kind === "config"
          ? `Not applied until another admin approves it (changes to ${fourEyesPartsInWords(proposal.parts)} need a second admin).`
          : "Not applied until another admin approves it."
      }
      actions={
        <ProposalActions
          mine={mine}
          permission={write}
          second="admin"
          approveForUnpermittedProposer
          texts={{
            approve: {
              description:
                "It is applied to the live platform now, as you, and recorded in the audit log with the proposal.",
            },
          }}
          onDecide={decide}
        />
      }
    >
      {proposal.kind === "config" ? (
        // The approver sees what the proposer saw before proposing: how many addresses a new UMA domain moves.
        <ConfigDiffList changes={proposal.diff} label="Proposed changes" review />
      ) : proposal.kind === "four-eyes" ? (
        <FourEyesDiffList changes={proposal.diff} label="Proposed changes" />
      ) : null}
    </ProposalCard>
  );
}
