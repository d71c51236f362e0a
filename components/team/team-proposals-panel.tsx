"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import {
  ProposalActions,
  Proposer,
  useProposedByViewer,
  WaitingCard,
} from "@/components/four-eyes/proposal-card";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { Timestamp } from "@/components/ui/timestamp";
import { visibilityQuery } from "@/lib/client/api/privacy";
import {
  decideTeamProposal,
  type TeamPageProposal,
  type TeamProposal,
  teamProposalsQuery,
} from "@/lib/client/api/team";
import { queryKeys } from "@/lib/universal/api/keys";
import { describeVisibilityChange } from "@/lib/universal/privacy/visibility-change";
import { raiseReplacesPassword } from "@/lib/universal/team/privileges";
import { describeTeamChange } from "@/lib/universal/team/team-proposal-types";
import { ApiError } from "@/shared/api-error";
import { FirstPasswordField } from "./first-password-field";

type Password = { id: string; for: string; value: string };
type Outcome = { tone: "done" | "failed"; text: string; password?: Password };

/**
 * "Waiting for a second admin": the team changes an admin proposed (a privileged account, a raised role, another
 * person's password reset) and the personal data they proposed to show unmasked to a role, with Approve / Decline for the other admins and Withdraw for the proposer. A password
 * is generated on approval and shown here once, to the approving admin only (issue 46 item 2).
 */
export function TeamProposalsPanel() {
  const manage = usePermission("team.manage");
  const query = useQuery({ ...teamProposalsQuery(), enabled: manage.allowed });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Each password approved here stays until its admin says Done: approving a second change while one is shown
  // replaced it, and the first was lost for good (it is shown only once).
  const [passwords, setPasswords] = useState<Password[]>([]);
  const record = (next: Outcome) => {
    setOutcome(next);
    const password = next.password;
    if (password) setPasswords((shown) => [...shown.filter((p) => p.id !== password.id), password]);
  };
  if (!manage.allowed) return null;
  const nothingWaiting = <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing is waiting.</p>;
  return (
    <WaitingCard
      headingId="team-proposals-heading"
      className="mt-6"
      title="Waiting for a second admin"
      description={
        <>
          Adding an admin or compliance officer, raising a role, resetting someone's password, unlinking an
          admin's, a compliance officer's or your own single sign-on and showing a role a sender's personal
          data unmasked need another admin's approval. A new account's or a reset's password is shown once, to
          the admin who approves, who hands it over; the proposer never sees it.
        </>
      }
    >
      <p
        id="team-proposals-status"
        role="status"
        className={
          outcome?.tone === "failed"
            ? "text-sm font-medium text-red-700 dark:text-red-400"
            : "text-sm text-zinc-700 dark:text-zinc-300"
        }
      >
        {outcome?.text ?? ""}
      </p>
      {passwords.length > 0 ? (
        <ul aria-label="Passwords to hand over" className="flex flex-col gap-3">
          {passwords.map((password) => (
            <li
              key={password.id}
              aria-label={`Password to hand to ${password.for}`}
              className="flex flex-col gap-2 rounded-md border border-violet-300 bg-white p-3 text-sm dark:border-violet-800 dark:bg-zinc-900"
            >
              <p>
                First password for <strong>{password.for}</strong>. It is shown only now: hand it over
                privately.
              </p>
              <FirstPasswordField id={`approved-first-password-${password.id}`} password={password.value} />
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setPasswords((shown) => shown.filter((p) => p.id !== password.id))}
                >
                  Done<span className="sr-only"> with the password for {password.for}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <QueryState
        query={query}
        loading={nothingWaiting}
        error={() => (
          <p className="text-sm text-red-700 dark:text-red-400">The waiting changes could not be loaded.</p>
        )}
        isEmpty={(data) => data.pending.length === 0}
        empty={nothingWaiting}
      >
        {({ pending }) => (
          <ul aria-label="Changes waiting for a second admin" className="flex flex-col gap-3">
            {pending.map((proposal) => (
              <PendingTeamChange key={proposal.id} proposal={proposal} onOutcome={record} />
            ))}
          </ul>
        )}
      </QueryState>
    </WaitingCard>
  );
}

/** What a waiting change does, in the words of its list item and its outcome. */
function describeProposal(proposal: TeamPageProposal): string {
  return proposal.kind === "privacy"
    ? describeVisibilityChange(proposal.changes)
    : describeTeamChange(proposal.change);
}

/** What approving gives the approver to hand over, or what else it does: for a team change only. */
function approvalNote(proposal: TeamPageProposal): string {
  if (proposal.kind === "privacy") {
    return " The payment pages, the approval queue and the webhook inbox show it unmasked to them within seconds.";
  }
  return passwordNote(proposal.change);
}

/** What approving gives the approver to hand over, if anything: a first password, a reset one, or a replaced one. */
function passwordNote(change: TeamProposal["change"]): string {
  if (change.action === "create" || change.action === "password") {
    return " A new password is shown to you once; hand it over privately.";
  }
  if (change.action === "unlink-sso") {
    return ` ${change.name}'s sessions end, and whoever next signs in with ${change.name}'s verified email at the identity provider becomes ${change.name} here.`;
  }
  if (raiseReplacesPassword(change.before.role, change.changes.role)) {
    return ` ${change.name}'s password is replaced (whoever knew the old one may have made this account): the new one is shown to you once; hand it over privately. A single sign-on link is undone too: whoever next signs in with ${change.name}'s verified email at the identity provider is linked.`;
  }
  return "";
}

function PendingTeamChange({
  proposal,
  onOutcome,
}: {
  proposal: TeamPageProposal;
  onOutcome: (outcome: Outcome) => void;
}) {
  const mine = useProposedByViewer(proposal.proposedBy);
  const manage = usePermission("team.manage");
  const queryClient = useQueryClient();
  const what = describeProposal(proposal);
  const decide = async (decision: "approve" | "decline" | "withdraw") => {
    try {
      const done = await decideTeamProposal(proposal.id, decision);
      onOutcome({
        tone: "done",
        text:
          decision === "approve"
            ? `Approved and applied: ${what}.`
            : decision === "decline"
              ? `Declined: ${what}.`
              : `Withdrawn: ${what}.`,
        ...(done.initialPassword && proposal.kind === "team"
          ? { password: { id: proposal.id, for: proposal.change.email, value: done.initialPassword } }
          : {}),
      });
    } catch (error) {
      onOutcome({
        tone: "failed",
        text: error instanceof ApiError ? error.message : "The decision could not be saved.",
      });
      throw error;
    } finally {
      // Applied, declined, or refused as stale: in every case the team (or who sees what) and the waiting changes moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.team });
      if (proposal.kind === "privacy") void queryClient.invalidateQueries(visibilityQuery());
    }
  };
  return (
    <li
      aria-label={what}
      className="flex flex-col gap-2 rounded-md border border-violet-200 bg-white p-3 dark:border-violet-900 dark:bg-zinc-900"
    >
      <p className="text-sm font-medium">{what}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Proposed by <Proposer proposedBy={proposal.proposedBy} mine={mine} />,{" "}
        <Timestamp value={proposal.proposedAt} />
      </p>
      <ProposalActions
        mine={mine}
        permission={manage}
        second="admin"
        size="sm"
        sayMineReason
        texts={{
          approve: {
            description: `${what}. It is applied now, as you, and recorded in the audit log with the proposal.${approvalNote(proposal)}`,
          },
        }}
        onDecide={decide}
      />
    </li>
  );
}
