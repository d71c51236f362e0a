"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { usePermission } from "@/components/auth/permissions-context";
import { toast } from "@/components/ui/toast";
import { cancelInvitation, recentInvitationsQuery } from "@/lib/client/api/invitations";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Invitation } from "@/shared/contract";

/** Cancels a pending invitation after a confirmation: its link then says so and it can no longer be claimed. */
export function CancelInvitationButton({ invitation }: { invitation: Invitation }) {
  const permission = usePermission("money.move");
  const queryClient = useQueryClient();
  const cancel = async () => {
    try {
      const cancelled = await cancelInvitation(invitation.code);
      queryClient.setQueryData(queryKeys.invitation(invitation.code), cancelled);
      void queryClient.invalidateQueries({ queryKey: recentInvitationsQuery().queryKey });
      toast.success(`Invitation ${invitation.code} cancelled`);
    } catch (caught) {
      // Someone may have claimed or cancelled it meanwhile: show what it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.invitation(invitation.code) });
      throw caught;
    }
  };
  return (
    <ConfirmedActionButton
      decision={permission}
      title={`Cancel invitation ${invitation.code}?`}
      description={`${invitation.inviterUma}'s invitation can no longer be claimed, and its link says it was cancelled. This cannot be undone.`}
      confirmLabel="Cancel invitation"
      pendingLabel="Cancelling…"
      cancelLabel="Keep invitation"
      destructive
      action={cancel}
      failure="The invitation could not be cancelled. Try again."
    >
      Cancel invitation
    </ConfirmedActionButton>
  );
}
