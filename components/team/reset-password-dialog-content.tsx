"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiRequestError } from "@/lib/payments/client";
import { resetTeamMemberPassword, type TeamMember } from "@/lib/payments/team";

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
  // The member stays named while the dialog animates closed after `member` is cleared.
  const [shown, setShown] = React.useState(member);
  if (member && member !== shown) setShown(member);

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
      setError(
        caught instanceof ApiRequestError ? caught.message : "The password could not be reset. Try again.",
      );
    } finally {
      setPending(false);
    }
  };

  const name = shown?.name ?? "";
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
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="reset-password">First password</Label>
              <div className="flex items-center gap-2">
                <Input
                  id="reset-password"
                  readOnly
                  // The button pressed is gone; the password, selected for copying, takes the focus.
                  autoFocus
                  value={password}
                  className="font-mono"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={password} label="password" />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <div key="confirm" className="flex flex-col gap-4">
            {error ? (
              <p role="status" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
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
