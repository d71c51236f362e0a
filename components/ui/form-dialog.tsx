"use client";

import type * as React from "react";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogContent, type DialogContentProps, DialogFooter } from "./dialog";
import { FormRootError } from "./form-field";

type FormDialogProps = {
  open: boolean;
  /** Told of every open and close (Escape, the close button, Cancel); the caller resets its form on close. */
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  returnFocusTo?: DialogContentProps["returnFocusTo"];
  className?: string;
  /** The form's submit handler: react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => unknown;
  /** The form's focus handler: a lazy resolver's `preload`, so its schema is fetched before the first check. */
  onFocus?: (event: React.FocusEvent<HTMLFormElement>) => void;
  /** Said above the form, in the dialog's body. */
  intro?: React.ReactNode;
  /**
   * The failure that belongs to no field, above the buttons: a message (`errors.root.server.message`), said as an
   * alert, or a node of the caller's own.
   */
  rootError?: React.ReactNode;
  submit: {
    label: React.ReactNode;
    variant?: ButtonProps["variant"];
    /** True while the request runs: the button shows `loadingText` and cannot be pressed again. */
    loading?: boolean;
    loadingText?: string;
    disabled?: boolean;
    /** The id of a note that says what pressing it does (a second admin's decision, say). */
    describedBy?: string;
  };
  /** The way back: "Cancel" closing the dialog unless told otherwise (a review step's "Back", say). */
  cancel?: {
    label?: React.ReactNode;
    onClick?: () => void;
    disabled?: boolean;
  };
  children: React.ReactNode;
  /**
   * What the dialog says once the form has done its work (a password shown once, a proposal waiting), in place of
   * the form and under the same title; it brings its own way out.
   */
  done?: React.ReactNode;
};

/**
 * The one form-dialog shell (docs/decisions/0040-ui-primitives-and-lazy-loading.md): a dialog with its title and
 * description, a form that the browser does not validate (the resolver does), the server's form-wide error, and a
 * footer with Cancel and the submit button showing the request in flight.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusTo,
  className,
  onSubmit,
  onFocus,
  intro,
  rootError,
  submit,
  cancel = {},
  children,
  done,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        className={className}
        title={title}
        description={description}
      >
        {done ?? intro}
        {done ? null : (
          <form
            onSubmit={(event) => void onSubmit(event)}
            onFocus={onFocus}
            noValidate
            className="flex flex-col gap-4"
          >
            {children}
            {typeof rootError === "string" || rootError === undefined ? (
              <FormRootError message={rootError} />
            ) : (
              rootError
            )}
            <DialogFooter>
              <Button
                variant="outline"
                onClick={cancel.onClick ?? (() => onOpenChange(false))}
                disabled={cancel.disabled}
              >
                {cancel.label ?? "Cancel"}
              </Button>
              <Button
                type="submit"
                variant={submit.variant}
                loading={submit.loading}
                loadingText={submit.loadingText}
                disabled={submit.disabled}
                aria-describedby={submit.describedBy}
              >
                {submit.label}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
