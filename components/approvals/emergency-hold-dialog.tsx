"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toast";
import { saveEmergencyHold } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";

/** Turns the emergency hold on or off, with the reason the audit log keeps (components/approvals/emergency-hold.tsx). */
export function EmergencyHoldDialog({ turnOn, onClose }: { turnOn: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: saveEmergencyHold,
    onSuccess: (saved) => {
      toast.success(saved.on ? "Emergency hold on: every payment waits for a person" : "Emergency hold off");
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
          ? "Every pending payment that arrives will be held for a person to approve or reject, whatever the approval policies say, until someone turns the hold off."
          : "Pending payments will be decided by the approval policies again as they arrive; those already held stay in the queue."
      }
      onSubmit={submit}
      rootError={save.isError ? save.error.message : undefined}
      submit={{
        label: turnOn ? "Hold every payment" : "Turn off the hold",
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
