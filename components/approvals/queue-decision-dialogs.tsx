"use client";

import { Fragment, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import type { ReturnFocusTo } from "@/components/ui/dialog";
import type { PendingApproval } from "@/lib/client/api/approvals";
import type { Departure } from "@/lib/universal/approvals/departure";
import type { DecisionDialog } from "./approval-card";
import { ApproveDialog, RejectDialog } from "./decision-dialogs";
import type { DecisionOutcome } from "./decision-outcome";
import { useReadDeparture } from "./read-departure";

export interface OpenDecision {
  id: string;
  kind: DecisionDialog;
}

/**
 * The queue's approve and reject dialogs, for one payment at a time, held by the queue rather than by its card: a
 * card that leaves the page while its dialog is open (the queue regrouped, or shown as an error when a background
 * refresh fails) takes neither the dialog nor the reason typed into it along. A dialog whose payment leaves the queue
 * while it is open (decided by another officer or in another tab, or timed out) stays open on the payment as it was
 * last read, says who decided it and when (`departures`, from the live events; without them, what the payment read
 * again says), and sends nothing: it once closed on
 * its own mid-sentence, and the next typed key acted as a queue shortcut on another payment.
 */
export function QueueDecisionDialogs({
  waiting,
  departures,
  open,
  onOpenChange,
  onDecided,
  returnFocusTo,
}: {
  waiting: readonly PendingApproval[] | undefined;
  /** What became of payments that left the queue, as the page heard it (queue-notices.tsx). */
  departures: ReadonlyMap<string, Departure>;
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
  const live = mountedId ? waiting?.find((item) => item.transaction.id === mountedId) : undefined;
  // The payment as last read while it waited: what a dialog whose payment left goes on showing.
  const [lastRead, setLastRead] = useState<PendingApproval | undefined>(live);
  if (live && live !== lastRead) setLastRead(live);
  const approval = live ?? (lastRead?.transaction.id === mountedId ? lastRead : undefined);
  // Not waiting any more (only once the queue was read: while it loads, nothing is known): what the page heard of
  // it, else what the payment, read again, says.
  const left = Boolean(approval && !live && waiting);
  const departure = useReadDeparture(mountedId, mountedId ? departures.get(mountedId) : undefined, left);
  if (!approval || !decide.allowed) return null;
  const id = approval.transaction.id;
  const kind = open?.id === id ? open.kind : null;
  const gone = left ? departure : undefined;
  return (
    // Keyed by payment: a reason typed for one is never sent for another.
    <Fragment key={id}>
      <ApproveDialog
        approval={approval}
        open={kind === "approve"}
        onOpenChange={(next) => onOpenChange(next ? { id, kind: "approve" } : null)}
        onDecided={(outcome) => onDecided(id, outcome)}
        returnFocusTo={returnFocusTo}
        gone={gone}
      />
      <RejectDialog
        approval={approval}
        open={kind === "reject"}
        onOpenChange={(next) => onOpenChange(next ? { id, kind: "reject" } : null)}
        onDecided={(outcome) => onDecided(id, outcome)}
        returnFocusTo={returnFocusTo}
        gone={gone}
      />
    </Fragment>
  );
}
