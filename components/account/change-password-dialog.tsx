"use client";

import { lazyWhenOpen } from "@/components/ui/lazy-when-open";

/** "Change your password", from the user menu; its form and rules download when it first opens. */
export const ChangePasswordDialog = lazyWhenOpen(() =>
  import("./change-password-dialog-content").then((module) => module.ChangePasswordDialogContent),
);
