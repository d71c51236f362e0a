"use client";

import * as React from "react";
import type { lazyWhenOpen } from "./lazy-when-open";

/** What every lazily loaded dialog takes: it is controlled by its trigger. */
type DialogControl = { open: boolean; onOpenChange: (open: boolean) => void };

/** The props the trigger spreads: it opens the dialog, and hover or focus starts the dialog's download. */
export type LazyDialogTriggerProps = {
  onClick: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/**
 * A button that opens a dialog whose code is downloaded when first needed (a dialog made by lazyWhenOpen): it
 * holds the open state, starts the download on hover or focus of the trigger, and renders the dialog beside it.
 * `enabled: false` (an action the person may not take) leaves the download alone; the trigger still renders.
 */
export function LazyDialogTrigger<P extends DialogControl>({
  dialog: Dialog,
  dialogProps,
  enabled = true,
  children,
}: {
  dialog: ReturnType<typeof lazyWhenOpen<P>>;
  dialogProps: Omit<P, keyof DialogControl>;
  enabled?: boolean;
  /** The trigger, given the props to spread on it and whether the dialog is open (for aria-expanded). */
  children: (trigger: LazyDialogTriggerProps, open: boolean) => React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  const props = { ...dialogProps, open, onOpenChange: setOpen } as P;
  return (
    <>
      {children({ onClick: () => setOpen(true), ...Dialog.preloadOn(enabled) }, open)}
      <Dialog {...props} />
    </>
  );
}
