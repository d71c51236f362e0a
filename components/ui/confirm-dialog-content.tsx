"use client";

import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "@/lib/universal/utils";
import { Button } from "./button";
import { overlayClasses, type ReturnFocusTo, useReturnFocus } from "./dialog";

export type ConfirmDialogProps = {
  /** Controlled by the caller: the trigger stays in the page, this dialog is downloaded when first opened. */
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A question naming the action and its object: "Reject payment txn_123?" */
  title: React.ReactNode;
  /** What happens, and whether it can be undone. */
  description: React.ReactNode;
  /** A verb for the action ("Reject payment"), never "OK". */
  confirmLabel: string;
  /** Shown on the confirm button while `onConfirm` runs, e.g. "Rejecting…". */
  pendingLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  destructive?: boolean;
  /** Disables the confirm button, e.g. until a required reason is typed. */
  confirmDisabled?: boolean;
  /**
   * Runs on confirm. A returned promise keeps the dialog open and busy until it settles; the dialog closes when
   * it resolves and stays open when it rejects, so the caller can show the error and the person can retry.
   */
  onConfirm: () => unknown;
  /** Extra content between the description and the buttons, such as a reason field. */
  children?: React.ReactNode;
  /**
   * Where focus goes when it closes: this dialog has no Radix trigger of its own (its caller opens it), so Radix
   * would leave focus on the page's body.
   */
  returnFocusTo?: ReturnFocusTo;
};

/** The dialog itself; pages use `ConfirmDialog` (./confirm-dialog), which loads this when first opened. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  children,
  returnFocusTo,
}: ConfirmDialogProps) {
  const [pending, setPending] = React.useState(false);
  const focusBack = useReturnFocus(returnFocusTo);

  const setOpen = (next: boolean) => {
    // Closing mid-request would hide whether the action happened.
    if (pending && !next) return;
    onOpenChange?.(next);
  };

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await result;
      setPending(false);
      onOpenChange?.(false);
    } catch {
      // The caller reports the failure; the dialog stays so the person can retry or cancel.
      setPending(false);
    }
  };

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content
          // Focus starts on Cancel, unless the dialog asks first for something typed (a reason): a field marked
          // `data-autofocus` takes it, and the confirm button stays disabled until it is filled.
          onOpenAutoFocus={(event) => {
            focusBack.onOpenAutoFocus();
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              "[data-autofocus]",
            );
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={focusBack.onCloseAutoFocus}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4",
            "rounded-lg border border-zinc-200 bg-white p-6 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
          )}
        >
          {/* A long name or id in the title or description wraps inside the dialog, never widening it past the
              window and its buttons with it. */}
          <div className="flex min-w-0 flex-col gap-1.5 wrap-break-word">
            <AlertDialogPrimitive.Title className="text-lg font-semibold leading-6">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {/* Not AlertDialog.Action: that closes at once, before an async confirm has finished. */}
            <Button
              variant={destructive ? "destructive" : "default"}
              disabled={confirmDisabled}
              loading={pending}
              loadingText={pendingLabel}
              onClick={() => {
                void confirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
