"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ReturnFocusTo } from "@/components/ui/dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { type PendingApproval, rejectPayment } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";
import { ApiError } from "@/shared/api-error";
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
}

export function RejectDialog({ approval, open, onOpenChange, onDecided, returnFocusTo }: Props) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<DecisionError | null>(null);
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
      destructive
      confirmDisabled={reason.trim().length === 0}
      onConfirm={async () => {
        setError(null);
        try {
          await rejectPayment(approval.transaction.id, reason);
          onDecided("rejected");
        } catch (caught) {
          setError(decisionError(caught, "The rejection could not be sent. Try again."));
          if (caught instanceof ApiError && caught.status === 409) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
          }
          throw caught;
        }
      }}
    >
      <DecisionSubject approval={approval} />
      <ReasonField value={reason} onChange={setReason} maxLength={1000} />
      <DecisionErrorText error={error} />
    </ConfirmDialog>
  );
}
