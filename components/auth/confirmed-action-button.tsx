"use client";

import type * as React from "react";
import { useState } from "react";
import type { ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Decision } from "@/lib/universal/auth/permissions";
import { PermittedButton } from "./permitted-button";

type ConfirmedActionButtonProps = {
  decision: Decision;
  /** The button's visible label, and its accessible name with `srLabel` after it. */
  children: React.ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** What dismissing does, never a second "Cancel" beside a "Cancel …" action. */
  cancelLabel?: string;
  destructive?: boolean;
  /** Runs on confirmation; the dialog closes when it resolves and shows the error and stays open when it rejects. */
  action: () => Promise<void>;
  /** Said when the action fails with something that is not an Error. */
  failure: string;
  /** What to look at or fill in before confirming (a backtest, a reason), shown in the dialog above its buttons. */
  details?: React.ReactNode;
  /** Confirm waits on what `details` asks for (a reason long enough to say something). */
  confirmDisabled?: boolean;
};

/** A permitted action that asks for confirmation first: the button, its dialog, and the failure shown in it. */
export function ConfirmedActionButton({
  decision,
  children,
  variant = "outline",
  size,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  destructive = false,
  action,
  failure,
  details,
  confirmDisabled = false,
}: ConfirmedActionButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failure);
      throw caught;
    }
  };
  return (
    <>
      <PermittedButton decision={decision} variant={variant} size={size} onClick={() => setOpen(true)}>
        {children}
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        {...(cancelLabel ? { cancelLabel } : {})}
        destructive={destructive}
        confirmDisabled={confirmDisabled}
        onConfirm={confirm}
      >
        {details}
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
