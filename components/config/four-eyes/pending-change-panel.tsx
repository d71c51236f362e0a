"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { toast } from "@/components/ui/toast";
import { configProposalsQuery, decideProposal } from "@/lib/client/api/config-proposals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Decision } from "@/lib/universal/auth/permissions";
import { fourEyesPartsInWords } from "@/lib/universal/config/four-eyes-rule";
import type { ConfigProposal } from "@/lib/universal/config/proposal-types";
import { ConfigDiffList } from "../config-diff-list";
import { FourEyesDiffList } from "./four-eyes-diff-list";

/** The changes waiting for a second admin, each with its diff and who may do what with it. Nothing when none. */
export function PendingChangePanel() {
  const query = useQuery(configProposalsQuery());
  // Token proposals are decided on the API tokens page, beside the tokens (components/tokens/tokens-console.tsx).
  const pending = (query.data?.pending ?? []).filter((proposal) => proposal.kind !== "token");
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
  const viewer = useViewer();
  const write = usePermission("config.write");
  const queryClient = useQueryClient();
  const mine = proposal.proposedBy.email.toLowerCase() === viewer.email.toLowerCase();
  const headingId = `pending-${proposal.id}`;
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
  const otherAdmin: Decision = !write.allowed
    ? write
    : mine
      ? { allowed: false, reason: "You proposed this change; another admin must approve or decline it." }
      : { allowed: true };
  const approveButton = (
    <ConfirmedActionButton
      decision={otherAdmin}
      variant="default"
      title="Approve and apply this change?"
      description="It is applied to the live platform now, as you, and recorded in the audit log with the proposal."
      confirmLabel="Approve and apply"
      pendingLabel="Applying…"
      cancelLabel="Keep it waiting"
      action={() => decide("approve")}
      failure="The change could not be approved."
    >
      Approve
    </ConfirmedActionButton>
  );
  return (
    <Card
      aria-labelledby={headingId}
      className="border-violet-300 bg-violet-50/60 dark:border-violet-900 dark:bg-violet-950/30"
    >
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <UsersRound aria-hidden="true" className="size-4 shrink-0" />
            {titleOf(proposal)}
          </CardTitle>
          <CardDescription>
            Proposed by{" "}
            <span className="font-medium text-zinc-800 dark:text-zinc-200">{proposal.proposedBy.email}</span>{" "}
            <Timestamp value={proposal.proposedAt} />. Not applied until another admin approves it
            {proposal.kind === "config"
              ? ` (changes to ${fourEyesPartsInWords(proposal.parts)} need a second admin).`
              : "."}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {proposal.kind === "config" ? (
          <ConfigDiffList changes={proposal.diff} label="Proposed changes" />
        ) : proposal.kind === "four-eyes" ? (
          <FourEyesDiffList changes={proposal.diff} label="Proposed changes" />
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {mine ? (
            <>
              <ConfirmedActionButton
                decision={write}
                title="Withdraw this proposal?"
                description="Nothing is applied; you can propose the change again later."
                confirmLabel="Withdraw proposal"
                pendingLabel="Withdrawing…"
                cancelLabel="Keep it"
                action={() => decide("withdraw")}
                failure="The proposal could not be withdrawn."
              >
                Withdraw
              </ConfirmedActionButton>
              {approveButton}
            </>
          ) : write.allowed ? (
            <>
              <ConfirmedActionButton
                decision={otherAdmin}
                title="Decline this change?"
                description="Nothing is applied. The admin who proposed it sees that you declined it."
                confirmLabel="Decline change"
                pendingLabel="Declining…"
                cancelLabel="Keep it waiting"
                destructive
                action={() => decide("decline")}
                failure="The change could not be declined."
              >
                Decline
              </ConfirmedActionButton>
              {approveButton}
            </>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Waiting for a second admin. {write.reason}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
