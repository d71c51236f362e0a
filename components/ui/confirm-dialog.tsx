"use client";

import { lazyWhenOpen } from "./lazy-when-open";

/**
 * Confirmation for consequential actions (reject, delete, move money); focus starts on Cancel, or on a field marked
 * `data-autofocus` (the reason a reveal or a rejection asks for). Controlled with
 * `open`; the dialog's code is downloaded the first time it opens.
 */
export const ConfirmDialog = lazyWhenOpen(() =>
  import("./confirm-dialog-content").then((module) => module.ConfirmDialogContent),
);
