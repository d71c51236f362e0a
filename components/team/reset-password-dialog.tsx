"use client";

import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { ResetPasswordDialogProps } from "./reset-password-dialog-content";

/** Resets a member's password to a new first password shown once; downloaded when first opened. */
export const ResetPasswordDialog = lazyWhenOpen<ResetPasswordDialogProps>(
  () => import("./reset-password-dialog-content").then((module) => module.ResetPasswordDialogContent),
  (props) => props.member !== null,
);
