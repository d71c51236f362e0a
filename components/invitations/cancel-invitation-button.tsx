"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { cancelInvitation } from "@/lib/payments/invitations";
import { queryKeys } from "@/lib/payments/keys";
import type { Invitation } from "@/shared/contract";

/** Cancels a pending invitation after a confirmation: its link then says so and it can no longer be claimed. */
export function CancelInvitationButton({ invitation }: { invitation: Invitation }) {
  const permission = usePermission("money.move");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setError(null);
    try {
      const cancelled = await cancelInvitation(invitation.code);
      queryClient.setQueryData(queryKeys.invitation(invitation.code), cancelled);
      toast.success(`Invitation ${invitation.code} cancelled`);
    } catch (caught) {
      setError(
        caught instanceof Error ? caught.message : "The invitation could not be cancelled. Try again.",
      );
      // Someone may have claimed or cancelled it meanwhile: show what it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.invitation(invitation.code) });
      throw caught;
    }
  };

  return (
    <>
      <PermittedButton decision={permission} variant="outline" onClick={() => setOpen(true)}>
        Cancel invitation
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={`Cancel invitation ${invitation.code}?`}
        description={`${invitation.inviterUma}'s invitation can no longer be claimed, and its link says it was cancelled. This cannot be undone.`}
        confirmLabel="Cancel invitation"
        pendingLabel="Cancelling…"
        destructive
        onConfirm={cancel}
      >
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
