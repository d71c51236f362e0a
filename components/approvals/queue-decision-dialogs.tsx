"use client";

import { Fragment, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import type { ReturnFocusTo } from "@/components/ui/dialog";
import type { PendingApproval } from "@/lib/client/api/approvals";
import type { DecisionDialog } from "./approval-card";
import { ApproveDialog, RejectDialog } from "./decision-dialogs";
import type { DecisionOutcome } from "./decision-outcome";

export interface OpenDecision {
  id: string;
  kind: DecisionDialog;
}

/**
 * The queue's approve and reject dialogs, for one payment at a time, held by the queue rather than by its card: a
 * card that leaves the page while its dialog is open (the queue regrouped, or shown as an error when a background
 * refresh fails) takes neither the dialog nor the reason typed into it along. A dialog closes when its payment
 * is no longer waiting.
 */
export function QueueDecisionDialogs({
  waiting,
  open,
  onOpenChange,
  onDecided,
  returnFocusTo,
}: {
  waiting: readonly PendingApproval[] | undefined;
  open: OpenDecision | null;
  onOpenChange: (open: OpenDecision | null) => void;
  onDecided: (id: string, outcome: DecisionOutcome) => void;
  /** Where focus goes when a dialog closes: opened by a key or a card's button, neither is a Radix trigger. */
  returnFocusTo: ReturnFocusTo;
}) {
  const decide = usePermission("approvals.decide");
  // The open one's, or the last one's, so that it closes as a dialog does: animated, focus back where it was.
  const [mountedId, setMountedId] = useState(open?.id ?? null);
  if (open && open.id !== mountedId) setMountedId(open.id);
  const approval = mountedId ? waiting?.find((item) => item.transaction.id === mountedId) : undefined;
  if (!approval || !decide.allowed) return null;
  const id = approval.transaction.id;
  const kind = open?.id === id ? open.kind : null;
  return (
    // Keyed by payment: a reason typed for one is never sent for another.
    <Fragment key={id}>
      <ApproveDialog
        approval={approval}
        open={kind === "approve"}
        onOpenChange={(next) => onOpenChange(next ? { id, kind: "approve" } : null)}
        onDecided={(outcome) => onDecided(id, outcome)}
        returnFocusTo={returnFocusTo}
      />
      <RejectDialog
        approval={approval}
        open={kind === "reject"}
        onOpenChange={(next) => onOpenChange(next ? { id, kind: "reject" } : null)}
        onDecided={(outcome) => onDecided(id, outcome)}
        returnFocusTo={returnFocusTo}
      />
    </Fragment>
  );
}
