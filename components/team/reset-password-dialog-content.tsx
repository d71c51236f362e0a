"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormRootError } from "@/components/ui/form-field";
import { resetTeamMemberPassword, type TeamMember } from "@/lib/payments/team";
import { ApiError } from "@/shared/api-error";
import { FirstPasswordField } from "./first-password-field";

export type ResetPasswordDialogProps = {
  /** The member whose password is reset; the dialog is open while there is one. */
  member: TeamMember | null;
  onClose: () => void;
};

/**
 * Asks first, then shows the new first password once, as adding a member does. The dialog of ResetPasswordDialog
 * (./reset-password-dialog), downloaded when first opened.
 */
export function ResetPasswordDialogContent({ member, onClose }: ResetPasswordDialogProps) {
  const [password, setPassword] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const close = () => {
    if (pending) return;
    onClose();
    setPassword(null);
    setError(null);
  };
  const reset = async () => {
    if (!member) return;
    setPending(true);
    setError(null);
    try {
      setPassword((await resetTeamMemberPassword(member.id)).initialPassword);
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
        title={password ? `${name}'s new password` : `Reset ${name}'s password?`}
        description={
          password
            ? "Their old password no longer works and they were signed out. This one is shown only now: hand it over privately."
            : "Their current password stops working and they are signed out at once. You get a new first password to hand over."
        }
      >
        {password ? (
          <div key="result" className="flex flex-col gap-4">
            <FirstPasswordField id="reset-password" password={password} />
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
                loadingText="Resetting…"
                onClick={() => void reset()}
              >
                Reset password
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
