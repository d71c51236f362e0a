"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { ProposalActions, ProposalCard, useProposedByViewer } from "@/components/four-eyes/proposal-card";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import { toast } from "@/components/ui/toast";
import { configProposalsQuery, decideProposal } from "@/lib/client/api/config-proposals";
import { deliveriesBeforeEndpointChange } from "@/lib/client/api/webhooks";
import { queryKeys } from "@/lib/universal/api/keys";
import { fourEyesPartsInWords } from "@/lib/universal/config/four-eyes-rule";
import { decidedElsewhere, proposalGist } from "@/lib/universal/config/proposal-outcome";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import { ApiError } from "@/shared/api-error";
import { ConfigDiffList } from "../config-diff-list";
import type { EndpointTest } from "../endpoint-test-result";
import { FourEyesDiffList } from "./four-eyes-diff-list";
import { useDismissedOutcomes } from "./use-dismissed-outcomes";

// Token proposals are decided on the API tokens page, beside the tokens (components/tokens/tokens-console.tsx), and
// a list's new file on the Screening page, beside the lists (components/screening/list-replacement-card.tsx).
const decidedHere = (proposal: ConfigProposal) =>
  proposal.kind !== "token" && proposal.kind !== "screening-list" && proposal.kind !== "screening-source";

/**
 * The changes waiting for a second admin, each with its diff and who may do what with it; then what became of one
 * this page showed waiting that someone else decided meanwhile (the console's live updates bring it: "Approved and
 * applied by …"), and why a Withdraw, Approve or Decline was refused. Nothing when there is none of these.
 */
export function PendingChangePanel({
  localService,
  onEndpointApplied,
}: {
  localService: boolean;
  /** An approved change moved the webhook endpoint: the form shows the TEST event it sent, as after a save. */
  onEndpointApplied: (test: EndpointTest) => void;
}) {
  const query = useQuery(configProposalsQuery());
  const viewer = useViewer();
  const pending = (query.data?.pending ?? []).filter(decidedHere);
  // The proposals this page has shown waiting, so that it says what became of each once it stops waiting.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const { dismissed, dismiss } = useDismissedOutcomes(viewer.email);
  const [openedAt] = useState(() => Date.now());
  const [refusal, setRefusal] = useState<string | null>(null);
  const pendingIds = pending.map((proposal) => proposal.id).join(",");
  useEffect(() => {
    if (!pendingIds) return;
    setShown((before) => {
      const ids = pendingIds.split(",").filter((id) => !before.has(id));
      return ids.length === 0 ? before : new Set([...before, ...ids]);
    });
  }, [pendingIds]);
  // The viewer's own proposals decided lately are said too, once the page has read which they dismissed.
  const outcomes = decidedElsewhere(
    (query.data?.recent ?? []).filter(decidedHere),
    shown,
    viewer.email,
    dismissed ? { dismissed, now: openedAt } : undefined,
  ).filter(({ proposal }) => !dismissed?.has(proposal.id));
  if (pending.length === 0 && outcomes.length === 0 && !refusal) return null;
  return (
    <>
      {refusal ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <span className="flex min-w-0 items-start gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{refusal}</span>
          </span>
          <Button variant="outline" size="sm" onClick={() => setRefusal(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {outcomes.map(({ proposal, outcome }) => (
        <div
          key={proposal.id}
          role="status"
          aria-label={`${titleOf(proposal)}: decided`}
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
        >
          <span className="flex min-w-0 items-start gap-2">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
            <span className="min-w-0">
              {proposal.proposedBy.email.toLowerCase() === viewer.email.toLowerCase()
                ? "Your proposed "
                : "The proposed "}
              {PROPOSAL_NOUN[proposal.kind]}
              {proposalGist(proposal) ? ` (${proposalGist(proposal)})` : null}
              {proposal.decidedAt ? (
                <>
                  {" "}
                  on <Timestamp value={proposal.decidedAt} />
                </>
              ) : null}
              :{" "}
              {proposal.decidedByName && proposal.decidedBy ? (
                <span title={proposal.decidedBy}>{outcome}</span>
              ) : (
                outcome
              )}
            </span>
          </span>
          <Button variant="outline" size="sm" onClick={() => dismiss(proposal.id)}>
            Dismiss
          </Button>
        </div>
      ))}
      {pending.map((proposal) => (
        <PendingChange
          key={proposal.id}
          proposal={proposal}
          onRefused={setRefusal}
          localService={localService}
          onEndpointApplied={onEndpointApplied}
        />
      ))}
    </>
  );
}

const PROPOSAL_NOUN: Record<ConfigProposal["kind"], string> = {
  config: "configuration change",
  "four-eyes": "change to the four-eyes setting",
  team: "change to the team",
  privacy: "change to who sees personal data",
  token: "API token",
  "screening-list": "watchlist file",
  "screening-source": "watchlist source",
};

function titleOf(proposal: ConfigProposal): string {
  return proposal.kind === "config"
    ? "Pending configuration change"
    : "Pending change to the four-eyes setting";
}

function PendingChange({
  proposal,
  onRefused,
  localService,
  onEndpointApplied,
}: {
  proposal: ConfigProposal;
  /** Says a refusal in the page: the proposal (and the dialog that showed it) may be gone once the page refreshes. */
  onRefused: (message: string | null) => void;
  localService: boolean;
  onEndpointApplied: (test: EndpointTest) => void;
}) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const write = usePermission("config.write");
  const queryClient = useQueryClient();
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    onRefused(null);
    const endpoint =
      decision === "approve" && proposal.kind === "config"
        ? proposal.diff.find((change) => change.kind === "webhookEndpoint")
        : undefined;
    const before = endpoint ? await deliveriesBeforeEndpointChange(localService) : null;
    try {
      await decideProposal(proposal.id, decision);
    } catch (error) {
      onRefused(
        error instanceof ApiError
          ? `${error.message} (${error.code})`
          : `The proposal could not be ${decision === "approve" ? "approved" : decision === "decline" ? "declined" : "withdrawn"}. Try again.`,
      );
      throw error;
    } finally {
      // Applied, declined, or refused as stale: in every case what the page shows has moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.config });
    }
    if (endpoint) {
      onEndpointApplied({ url: endpoint.to, previous: endpoint.from || null, before, savedAt: Date.now() });
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
