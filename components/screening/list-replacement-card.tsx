"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { toast } from "@/components/ui/toast";
import { decideProposal } from "@/lib/client/api/config-proposals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import { formatCount } from "@/lib/universal/intl/count";
import { listName } from "@/lib/universal/screening/records";

type Replacement = Extract<ConfigProposal, { kind: "screening-list" }>;

const count = (n: number, one: string, other = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : other}`;

/** "1 entry added, 0 removed, 2 changed". */
const changesInWords = (changes: Replacement["list"]["changes"], separator: string) =>
  [
    `${count(changes.added, "entry", "entries")} added`,
    `${formatCount(changes.removed)} removed`,
    `${formatCount(changes.changed)} changed`,
  ].join(separator);

/**
 * A new file of a list in use, waiting for a second admin (issue 48): what it changes against the entries in use,
 * and who may approve, decline or withdraw it. Approved, it becomes the list's version in use.
 */
export function ListReplacementCard({ proposal }: { proposal: Replacement }) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const manage = usePermission("screening.lists");
  const queryClient = useQueryClient();
  const { list } = proposal;
  const name = listName(list.listId);
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    try {
      await decideProposal(proposal.id, decision);
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
    }
    toast.success(
      decision === "approve"
        ? `The new ${name} is in use`
        : decision === "decline"
          ? "Replacement declined"
          : "Proposal withdrawn",
    );
  };
  return (
    <ProposalCard
      headingId={`list-replacement-${proposal.id}`}
      title={`Replace the ${name}`}
      proposedBy={proposal.proposedBy}
      mine={mine}
      proposedAt={proposal.proposedAt}
      explanation="The file is read and kept aside; the list in use stays until another admin approves it, because a new file can remove or change entries."
      actions={
        <ProposalActions
          mine={mine}
          permission={manage}
          second="admin"
          mineReason="You uploaded this file; another admin must approve or decline it."
          texts={{
            withdraw: {
              title: "Withdraw this replacement?",
              description: "The file kept aside is deleted; the list in use stays.",
            },
            decline: {
              title: `Decline the new ${name}?`,
              description:
                "The file kept aside is deleted; the list in use stays. The admin who uploaded it sees that you declined it.",
              confirmLabel: "Decline replacement",
              failure: "The replacement could not be declined.",
            },
            approve: {
              title: `Put the new ${name} in use?`,
              description: `It replaces the version in use now: ${changesInWords(list.changes, ", ")}. Stored senders and customers are screened against what changed.`,
              confirmLabel: "Approve and use it",
              pendingLabel: "Reading the list…",
              failure: "The replacement could not be approved.",
              label: (
                <>
                  Approve<span className="sr-only"> the new {name}</span>
                </>
              ),
            },
          }}
          onDecide={decide}
        />
      }
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">New file</dt>
        <dd>
          {list.issuedOn ? `Issued ${list.issuedOn}` : "No issue date stated"} ·{" "}
          {count(list.entries, "entry", "entries")} ·{" "}
          <span className="font-mono text-xs">{list.contentHash.slice(0, 12)}</span>
        </dd>
        <dt className="font-medium">In use now</dt>
        <dd>
          {list.replaces.issuedOn ? `Issued ${list.replaces.issuedOn}` : "No issue date stated"} ·{" "}
          {count(list.replaces.entries, "entry", "entries")}
        </dd>
        <dt className="font-medium">Changes</dt>
        <dd>{changesInWords(list.changes, " · ")}</dd>
      </dl>
    </ProposalCard>
  );
}
