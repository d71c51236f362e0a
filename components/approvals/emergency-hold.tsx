"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { OctagonPause } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { FormDialog } from "@/components/ui/form-dialog";
import { QueryState } from "@/components/ui/query-state";
import { ReasonField } from "@/components/ui/reason-field";
import { Timestamp } from "@/components/ui/timestamp";
import { toast } from "@/components/ui/toast";
import { emergencyHoldQuery, saveEmergencyHold } from "@/lib/client/api/approvals";
import { queryKeys } from "@/lib/universal/api/keys";

/**
 * The emergency hold's switch: while on, every pending payment is held for people whatever the approval policies
 * say. Turning it on or off asks for a reason, kept in the audit log.
 */
const OFF = "Off: the approval policies decide";

export function EmergencyHoldSwitch() {
  const decide = usePermission("approvals.decide");
  const hold = useQuery(emergencyHoldQuery());
  const [open, setOpen] = useState(false);
  const on = hold.data?.on ?? false;
  return (
    <div className="flex flex-col items-end gap-1">
      <PermittedButton
        decision={decide}
        variant={on ? "outline" : "destructive"}
        disabled={hold.isPending}
        onClick={() => setOpen(true)}
      >
        <OctagonPause aria-hidden="true" />
        {on ? "Turn off emergency hold" : "Emergency hold"}
      </PermittedButton>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <QueryState
          query={hold}
          keepDataOnError
          loading="Loading the switch…"
          // Unread, the switch is taken as off, as the button says.
          error={() => OFF}
        >
          {(state) => (state.on ? "On: every payment waits for a person" : OFF)}
        </QueryState>
      </p>
      {open ? <EmergencyHoldDialog turnOn={!on} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function EmergencyHoldDialog({ turnOn, onClose }: { turnOn: boolean; onClose: () => void }) {
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

/** The banner over the queue while the emergency hold is on: who turned it on, when and why. */
export function EmergencyHoldBanner() {
  const hold = useQuery(emergencyHoldQuery());
  if (!hold.data?.on) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <OctagonPause aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">Emergency hold is on: every pending payment waits for a person</p>
        <p className="mt-0.5">
          The approval policies decide nothing until it is turned off.
          {hold.data.by ? ` Turned on by ${hold.data.by}` : ""}
          {hold.data.at ? (
            <>
              {" "}
              (<Timestamp value={hold.data.at} />)
            </>
          ) : null}
          {hold.data.reason ? `: “${hold.data.reason}”` : "."}
        </p>
      </div>
    </div>
  );
}
