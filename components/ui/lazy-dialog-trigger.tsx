"use client";

import * as React from "react";
import type { lazyWhenOpen } from "./lazy-when-open";

/**
 * What every lazily loaded dialog takes: it is controlled by its trigger, and gives focus back to it when it closes
 * (`returnFocusTo`, for DialogContent's or SheetContent's prop of that name). Radix gives focus back only to its own
 * trigger element, which a dialog opened this way does not have: without it, focus fell to the page's body.
 */
export type LazyDialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
};

/**
 * The props the trigger spreads: its ref, that it opens a dialog and whether it is open, a press opens it, and hover
 * or focus starts its download.
 */
export type LazyDialogTriggerProps = {
  ref: React.RefObject<HTMLButtonElement | null>;
  "aria-haspopup": "dialog";
  "aria-expanded": boolean;
  onClick: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/**
 * A button that opens a dialog whose code is downloaded when first needed (a dialog made by lazyWhenOpen): it
 * holds the open state and the trigger's ref, starts the download on hover or focus of the trigger, and renders
 * the dialog beside it. `enabled: false` (an action the person may not take) leaves the download alone; the
 * trigger still renders.
 */
export function LazyDialogTrigger<P extends LazyDialogControl>({
  dialog: Dialog,
  dialogProps,
  enabled = true,
  children,
}: {
  dialog: ReturnType<typeof lazyWhenOpen<P>>;
  dialogProps: Omit<P, keyof LazyDialogControl>;
  enabled?: boolean;
  /** The trigger, given the props to spread on it. */
  children: (trigger: LazyDialogTriggerProps) => React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  const ref = React.useRef<HTMLButtonElement>(null);
  const returnFocusTo = React.useCallback(() => ref.current, []);
  const props = { ...dialogProps, open, onOpenChange: setOpen, returnFocusTo } as P;
  return (
    <>
      {children({
        ref,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: () => setOpen(true),
        ...Dialog.preloadOn(enabled),
      })}
      <Dialog {...props} />
    </>
  );
}
