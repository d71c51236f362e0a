"use client";

import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormRootError } from "@/components/ui/form-field";
import { resetTeamMemberPassword, type TeamMember } from "@/lib/client/api/team";
import { queryKeys } from "@/lib/universal/api/keys";
import { ApiError } from "@/shared/api-error";

export type ResetPasswordDialogProps = {
  /** The member whose password is reset; the dialog is open while there is one. */
  member: TeamMember | null;
  onClose: () => void;
};

/**
 * Asks first, then proposes the reset for a second admin, who is shown the new first password once. The dialog of ResetPasswordDialog
 * (./reset-password-dialog), downloaded when first opened.
 */
export function ResetPasswordDialogContent({ member, onClose }: ResetPasswordDialogProps) {
  // Proposed: a second admin approves, gets the password once and hands it over (issue 46 item 2).
  const [proposed, setProposed] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const queryClient = useQueryClient();
  const [error, setError] = React.useState<string | null>(null);

  const close = () => {
    if (pending) return;
    onClose();
    setProposed(false);
    setError(null);
  };
  const reset = async () => {
    if (!member) return;
    setPending(true);
    setError(null);
    try {
      await resetTeamMemberPassword(member.id);
      setProposed(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.team });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The password could not be reset. Try again.");
    } finally {
      setPending(false);
    }
  };

  const name = member?.name ?? "";
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={proposed ? `Reset of ${name}'s password proposed` : `Propose a reset of ${name}'s password?`}
        description={
          proposed
            ? "It waits for a second admin under “Waiting for a second admin”. Nothing has changed yet."
            : "A second admin must approve it. Then their current password stops working, they are signed out, and the new first password is shown once to the approving admin, who hands it over. You never see it."
        }
      >
        {proposed ? (
          <div key="result" className="flex flex-col gap-4">
            <p role="status" className="text-sm">
              Proposed: waiting for a second admin.
            </p>
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <div key="confirm" className="flex flex-col gap-4">
            <FormRootError message={error ?? undefined} />
            <DialogFooter>
              <Button variant="outline" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                loading={pending}
                loadingText="Proposing…"
                onClick={() => void reset()}
              >
                Propose reset
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
