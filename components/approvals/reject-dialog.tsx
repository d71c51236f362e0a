"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ReturnFocusTo } from "@/components/ui/dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { type PendingApproval, rejectPayment } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Departure } from "@/lib/universal/approvals/departure";
import {
  isRejectReason,
  REJECT_REASON_MAX_LENGTH,
  REJECT_REASON_PROBLEM,
  REJECT_REASON_RULE,
} from "@/lib/universal/approvals/reject-reason";
import { ApiError } from "@/shared/api-error";
import { DecidedElsewhere } from "./decided-elsewhere";
import { type DecisionError, DecisionErrorText, decisionError } from "./decision-error";
import type { DecisionOutcome } from "./decision-outcome";
import { DecisionSubject } from "./decision-subject";

interface Props {
  approval: PendingApproval;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told once the API took the rejection; the caller says so where the officer is looking. */
  onDecided: (outcome: DecisionOutcome) => void;
  /** Where focus goes when it closes, when it was not opened by a Radix trigger (a key, a button of the queue's). */
  returnFocusTo?: ReturnFocusTo;
  /**
   * The payment left the queue while the dialog was open (decided elsewhere, timed out): the dialog stays, says so,
   * and sends nothing (its confirm disabled, Cancel reads Close).
   */
  gone?: Departure | undefined;
}

/**
 * Rejecting asks a reason of at least ten letters or digits, as every reason in the console (the relay refuses a
 * shorter one, lib/universal/approvals/reject-body.ts): Reject payment stays disabled until it is one, and the rule
 * is said under the field.
 */
export function RejectDialog({ approval, open, onOpenChange, onDecided, returnFocusTo, gone }: Props) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<DecisionError | null>(null);
  // While the officer's own rejection is on its way, the payment leaving the queue is that rejection, not news.
  const [sending, setSending] = useState(false);
  const left = sending ? undefined : gone;
  const typed = reason.trim().length > 0;
  return (
    <ConfirmDialog
      open={open}
      returnFocusTo={returnFocusTo}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Reject this payment?"
      description="The sender's institution is told the payment was refused and the funds are not credited. This cannot be undone."
      confirmLabel="Reject payment"
      pendingLabel="Rejecting…"
      cancelLabel={left ? "Close" : "Cancel"}
      destructive
      confirmDisabled={Boolean(left) || !isRejectReason(reason)}
      onConfirm={async () => {
        setError(null);
        setSending(true);
        try {
          await rejectPayment(approval.transaction.id, reason);
          onDecided("rejected");
        } catch (caught) {
          setError(decisionError(caught, "The rejection could not be sent. Try again."));
          if (caught instanceof ApiError && caught.status === 409) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
          }
          throw caught;
        } finally {
          setSending(false);
        }
      }}
    >
      <DecisionSubject approval={approval} />
      {left ? <DecidedElsewhere departure={left} /> : null}
      <ReasonField
        value={reason}
        onChange={setReason}
        maxLength={REJECT_REASON_MAX_LENGTH}
        hint={REJECT_REASON_RULE}
        // Said once something is typed that is not yet a reason; before that, the rule under the field says it.
        problem={typed && !isRejectReason(reason) ? REJECT_REASON_PROBLEM : undefined}
      />
      {left ? null : <DecisionErrorText error={error} />}
    </ConfirmDialog>
  );
}
