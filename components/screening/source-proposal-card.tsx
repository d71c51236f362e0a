"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { toast } from "@/components/ui/toast";
import { decideProposal } from "@/lib/client/api/config-proposals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import { listName } from "@/lib/universal/screening/records";

type SourceProposal = Extract<ConfigProposal, { kind: "screening-source" }>;

/**
 * A change of a list's source waiting for a second admin (issue 48): a source replaces its list at every fetch, so
 * setting or removing one is two people's decision. Approved, its fetches run on schedule without another.
 */
export function SourceProposalCard({ proposal }: { proposal: SourceProposal }) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const manage = usePermission("screening.lists");
  const queryClient = useQueryClient();
  const { source } = proposal;
  const name = listName(source.listId);
  const removing = source.action === "remove";
  const title = removing ? `Stop fetching the ${name}` : `Fetch the ${name} from a source`;
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    try {
      await decideProposal(proposal.id, decision);
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
    }
    toast.success(
      decision === "approve"
        ? removing
          ? `The ${name} is no longer fetched`
          : `The ${name}'s source is in use; it is fetched now`
        : decision === "decline"
          ? "Source change declined"
          : "Proposal withdrawn",
    );
  };
  return (
    <ProposalCard
      headingId={`source-proposal-${proposal.id}`}
      title={title}
      proposedBy={proposal.proposedBy}
      mine={mine}
      proposedAt={proposal.proposedAt}
      explanation="A source replaces the list's contents at every fetch, so another admin approves it; once approved, its scheduled fetches need no one."
      actions={
        <ProposalActions
          mine={mine}
          permission={manage}
          second="admin"
          mineReason="You proposed this source change; another admin must approve or decline it."
          texts={{
            withdraw: {
              title: "Withdraw this source change?",
              description: "Nothing changes: the list's sources stay as they are.",
            },
            decline: {
              title: `Decline this change of the ${name}'s source?`,
              description: "Nothing changes. The admin who proposed it sees that you declined it.",
              confirmLabel: "Decline change",
              failure: "The change could not be declined.",
            },
            approve: {
              title: removing ? `Stop fetching the ${name}?` : `Fetch the ${name} from this source?`,
              description: removing
                ? "The version in use stays; it is no longer fetched, and goes stale past its freshness."
                : `Fetched now and every ${source.intervalHours} hours from ${source.location}; each fetch that reads whole replaces the version in use without another approval.`,
              confirmLabel: removing ? "Approve removal" : "Approve source",
              pendingLabel: "Approving…",
              failure: "The change could not be approved.",
              label: (
                <>
                  Approve<span className="sr-only"> the {name}'s source change</span>
                </>
              ),
            },
          }}
          onDecide={decide}
        />
      }
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{removing ? "Source removed" : "Source"}</dt>
        <dd className="break-all font-mono text-xs">{source.location}</dd>
        <dt className="font-medium">Every</dt>
        <dd>{source.intervalHours} hours</dd>
        <dt className="font-medium">Replaces</dt>
        <dd>
          {source.replaces ? "The list's current source" : "No source: the list is uploaded or shipped"}
        </dd>
      </dl>
    </ProposalCard>
  );
}
