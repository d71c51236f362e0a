"use client";

import type * as React from "react";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { changeOwnPassword } from "@/lib/client/api/account";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { MIN_PASSWORD_LENGTH } from "@/lib/universal/auth/password-rules";
import type { ChangePasswordFormValues as FormValues } from "./change-password-schema";

/** Where a person lands after changing their password: every session ended, so they sign in with the new one. */
const AFTER_PASSWORD_CHANGE = "/login?notice=password-changed";

/** The dialog of ChangePasswordDialog (./change-password-dialog), downloaded when it is first opened. */
export function ChangePasswordDialogContent({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that gets focus back when the dialog closes (the user menu's button). */
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  const resolver = useLazyZodResolver<FormValues, FormValues>(
    () => import("./change-password-schema").then((module) => module.changePasswordFormSchema),
    [],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  // Closing, by Cancel, Escape or the close button, forgets what was typed: no password stays in the page.
  const setOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changeOwnPassword({ currentPassword, newPassword });
      // Every session of this person has ended, this one too: sign in again with the new password.
      window.location.assign(AFTER_PASSWORD_CHANGE);
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        (path) => (path === "currentPassword" || path === "newPassword" ? path : undefined),
        "The password could not be changed. Try again.",
      );
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      returnFocusTo={() => trigger.current}
      title="Change your password"
      description="You are signed out everywhere, this browser too, and sign in again with the new password."
      onSubmit={submit}
      onFocus={resolver.preload}
      rootError={errors.root?.server?.message}
      submit={{ label: "Change password", loading: form.formState.isSubmitting, loadingText: "Changing…" }}
    >
      <FormField label="Current password" required error={errors.currentPassword}>
        <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
      </FormField>
      <FormField
        label="New password"
        required
        description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.newPassword}
      >
        <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
      </FormField>
      <FormField label="New password again" required error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
    </FormDialog>
  );
}
