"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toast";
import { saveEmergencyHold } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";
import type { EmergencyHold } from "@/lib/universal/console-api/types";

/**
 * Turns the emergency hold on, asks to turn it off, or confirms another person's request to (`lift`), with the reason
 * the audit log keeps (components/approvals/emergency-hold.tsx).
 */
export function EmergencyHoldDialog({
  turnOn,
  lift,
  onClose,
}: {
  turnOn: boolean;
  lift: EmergencyHold["lift"];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: saveEmergencyHold,
    onSuccess: (saved) => {
      toast.success(
        !saved.on
          ? "Emergency hold off"
          : turnOn
            ? "Emergency hold on: every payment waits for a person"
            : "Asked: the hold stays on until another compliance officer or admin confirms",
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      onClose();
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    save.mutate({ on: turnOn, reason: reason.trim() });
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={turnOn ? "Turn on the emergency hold?" : "Turn off the emergency hold?"}
      description={
        turnOn
          ? "Every pending payment that arrives will be held for a person to approve or reject, whatever the approval policies say, until two people turn the hold off."
          : lift
            ? `${lift.by} asked to turn it off: “${lift.reason}”. Confirming turns it off now: pending payments are decided by the approval policies again as they arrive; those already held stay in the queue.`
            : "Turning it off takes two people: this asks, and the hold stays on until another compliance officer or admin confirms. Then pending payments are decided by the approval policies again as they arrive."
      }
      onSubmit={submit}
      rootError={save.isError ? save.error.message : undefined}
      submit={{
        label: turnOn ? "Hold every payment" : lift ? "Turn off the hold" : "Ask to turn off",
        variant: turnOn ? "destructive" : "default",
        loading: save.isPending,
        loadingText: "Saving…",
      }}
      cancel={{ onClick: onClose }}
    >
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setMissing(false);
        }}
        maxLength={500}
        problem={missing ? "Give a reason." : undefined}
      />
    </FormDialog>
  );
}
