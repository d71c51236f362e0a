"use client";

import { UsersRound } from "lucide-react";
import type * as React from "react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { useViewer } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import type { Decision } from "@/lib/universal/auth/permissions";
import { cn } from "@/lib/universal/utils";

type ProposalDecision = "approve" | "decline" | "withdraw";

/** Whether the person viewing the page proposed it (their own proposal they may withdraw, never decide). */
export function useProposedByViewer(proposedBy: { email: string }): boolean {
  const viewer = useViewer();
  return proposedBy.email.toLowerCase() === viewer.email.toLowerCase();
}

/** The violet card of what waits for a second person: icon and title (the region's name), what it is, content. */
export function WaitingCard({
  headingId,
  title,
  description,
  className,
  children,
}: {
  headingId: string;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card
      aria-labelledby={headingId}
      className={cn(
        "border-violet-300 bg-violet-50/60 dark:border-violet-900 dark:bg-violet-950/30",
        className,
      )}
    >
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <UsersRound aria-hidden="true" className="size-4 shrink-0" />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

/**
 * Who proposed it, as the console's timelines and queue name people: "you" to its proposer, else their name with the
 * email (which is unique, where two people may share a name) on hover.
 */
export function Proposer({
  proposedBy,
  mine,
}: {
  proposedBy: { name: string; email: string };
  mine: boolean;
}) {
  if (mine) return <>you</>;
  return (
    <span title={proposedBy.email} className="font-medium text-zinc-800 dark:text-zinc-200">
      {proposedBy.name}
    </span>
  );
}

/**
 * One proposal waiting for a second person: "Proposed by <name> <when>." and why it waits, what it changes
 * (`children`), then who may do what with it (`actions`, a ProposalActions).
 */
export function ProposalCard({
  headingId,
  title,
  proposedBy,
  mine,
  proposedAt,
  explanation,
  children,
  actions,
}: {
  headingId: string;
  title: React.ReactNode;
  proposedBy: { name: string; email: string };
  /** The viewer proposed it (useProposedByViewer): "Proposed by you". */
  mine: boolean;
  proposedAt: string;
  /** What follows "Proposed by … <when>. ": that it is not applied until a second person approves it. */
  explanation: React.ReactNode;
  children: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <WaitingCard
      headingId={headingId}
      title={title}
      description={
        <>
          Proposed by <Proposer proposedBy={proposedBy} mine={mine} /> <Timestamp value={proposedAt} />.{" "}
          {explanation}
        </>
      }
    >
      {children}
      {actions}
    </WaitingCard>
  );
}

/** A decision's button and the dialog that confirms it. */
type DecisionTexts = {
  label: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  failure: string;
};

/** What the buttons and dialogs say of a change; a proposal of something else (a token) says its own words. */
const CHANGE_TEXTS = {
  withdraw: {
    label: "Withdraw",
    title: "Withdraw this proposal?",
    description: "Nothing is applied; you can propose the change again later.",
    confirmLabel: "Withdraw proposal",
    pendingLabel: "Withdrawing…",
    cancelLabel: "Keep it",
    failure: "The proposal could not be withdrawn.",
  },
  decline: {
    label: "Decline",
    title: "Decline this change?",
    description: "Nothing is applied. The admin who proposed it sees that you declined it.",
    confirmLabel: "Decline change",
    pendingLabel: "Declining…",
    cancelLabel: "Keep it waiting",
    failure: "The change could not be declined.",
  },
  approve: {
    label: "Approve",
    title: "Approve and apply this change?",
    confirmLabel: "Approve and apply",
    pendingLabel: "Applying…",
    cancelLabel: "Keep it waiting",
    failure: "The change could not be approved.",
  },
} as const;

type ProposalActionsProps = {
  /** The viewer proposed it (useProposedByViewer). */
  mine: boolean;
  /** Whether the viewer's role may decide such proposals at all (usePermission). */
  permission: Decision;
  /** Who decides instead of the proposer, after "Waiting for a second ": "admin", "compliance officer or admin". */
  second: string;
  /** The proposer's disabled Approve's reason; by default "You proposed this change; another <second> …". */
  mineReason?: string;
  /** The words that differ from a change's; Approve's description is always the proposal's own. */
  texts: {
    withdraw?: Partial<DecisionTexts>;
    decline?: Partial<DecisionTexts>;
    approve: Partial<DecisionTexts> & Pick<DecisionTexts, "description">;
  };
  /** Decides it; rejects to keep the dialog open with the error. */
  onDecide: (decision: ProposalDecision) => Promise<void>;
  /** Small outlined buttons, for a proposal that is an item of a list. */
  size?: "sm";
  /** A proposer without the permission (demoted since) sees Approve, disabled with why, not the waiting line. */
  approveForUnpermittedProposer?: boolean;
  /** Say the proposer's reason in the row too (a list item has no explanation that a second person decides). */
  sayMineReason?: boolean;
};

/**
 * Who may do what with a proposal: the proposer withdraws it (Approve shown disabled, with why); another permitted
 * person declines or approves it; anyone else reads that it waits for a second person, and why not them.
 */
export function ProposalActions({
  mine,
  permission,
  second,
  mineReason = `You proposed this change; another ${second} must approve or decline it.`,
  texts,
  onDecide,
  size,
  approveForUnpermittedProposer = false,
  sayMineReason = false,
}: ProposalActionsProps) {
  const secondPerson: Decision = !permission.allowed
    ? permission
    : mine
      ? { allowed: false, reason: mineReason }
      : { allowed: true };
  const words: Record<ProposalDecision, DecisionTexts> = {
    withdraw: { ...CHANGE_TEXTS.withdraw, ...texts.withdraw },
    decline: { ...CHANGE_TEXTS.decline, ...texts.decline },
    approve: { ...CHANGE_TEXTS.approve, ...texts.approve },
  };
  const button = (decision: ProposalDecision, allowed: Decision) => {
    const { label, ...dialog } = words[decision];
    return (
      <ConfirmedActionButton
        decision={allowed}
        variant={decision === "approve" && size !== "sm" ? "default" : "outline"}
        size={size}
        destructive={decision === "decline"}
        {...dialog}
        action={() => onDecide(decision)}
      >
        {label}
      </ConfirmedActionButton>
    );
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {mine && sayMineReason ? (
        <p className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">{mineReason}</p>
      ) : null}
      {mine ? button("withdraw", permission) : null}
      {!mine && permission.allowed ? button("decline", secondPerson) : null}
      {permission.allowed || (mine && approveForUnpermittedProposer) ? (
        button("approve", secondPerson)
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Waiting for a second {second}. {permission.reason}
        </p>
      )}
    </div>
  );
}
