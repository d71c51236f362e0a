"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { dismissScreeningHit } from "@/lib/client/api/screening";
import { queryKeys } from "@/lib/universal/api/keys";
import type { StoredHit } from "@/lib/universal/screening/records";

const MIN_REASON = 10;

/**
 * Dismisses one potential match as a false positive: the reason is required, kept in the audit log and shown on
 * the match; the console remembers it for this person's same data against this list entry as it reads now.
 */
export function DismissHitDialog({
  resultId,
  hit,
  subjectName,
  onClose,
}: {
  resultId: string;
  hit: StoredHit;
  subjectName: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const dismiss = useMutation({
    mutationFn: () =>
      dismissScreeningHit(resultId, { listId: hit.listId, entryId: hit.entryId, reason: reason.trim() }),
    onSuccess: () => {
      toast.success(`Dismissed: ${subjectName} is not ${hit.primaryName}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      onClose();
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < MIN_REASON) {
      setProblem(`Say why, in at least ${MIN_REASON} characters.`);
      return;
    }
    dismiss.mutate();
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Dismiss as a false positive?"
      description={`${subjectName} will no longer be alerted against ${hit.primaryName} (entry ${hit.entryId}) while their details and the list entry stay as they are.`}
      onSubmit={submit}
      rootError={dismiss.isError ? dismiss.error.message : undefined}
      submit={{ label: "Dismiss the match", loading: dismiss.isPending, loadingText: "Dismissing…" }}
      cancel={{ onClick: onClose }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={reasonId}>
          Reason{" "}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">
            (required; kept in the audit log)
          </span>
        </Label>
        <Textarea
          id={reasonId}
          autoFocus
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          maxLength={1000}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${reasonId}-error` : undefined}
        />
        {problem ? (
          <p id={`${reasonId}-error`} className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
