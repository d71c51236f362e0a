"use client";

import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { focusOrNearby, regionOf } from "@/lib/client/browser/focus-nearby";
import { cn, focusRing } from "@/lib/universal/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses = "fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[1px]";

/** Where focus goes when a dialog or sheet closes (DialogContent's and SheetContent's `returnFocusTo`). */
export type ReturnFocusTo = () => HTMLElement | null | undefined;

/**
 * The content's open and close handlers that give focus back where it was when the dialog opened (the element
 * focused as it opened: a button, a card a shortcut acted on), or to `returnFocusTo()` when given. Radix by itself
 * returns focus only to the dialog's own trigger, so a dialog opened by anything else (a plain button, a keyboard
 * shortcut, a LazyDialogTrigger) left focus on the page's body. An opener gone by then (a proposal's Approve, its
 * card taken away by the decision) or disabled since gives way to the part of the page it was in (focusOrNearby).
 */
export function useReturnFocus(returnFocusTo: ReturnFocusTo | undefined) {
  const opener = React.useRef<HTMLElement | null>(null);
  const openerRegion = React.useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Called before Radix moves focus into the dialog: what has it now is what opened it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      openerRegion.current = opener.current ? regionOf(opener.current) : null;
    },
    onCloseAutoFocus: (event: Event) => {
      // The person has already moved focus on while the dialog closed (J in the approval queue as its keys' help
      // goes): it stays where they put it.
      const active = document.activeElement;
      if (
        active instanceof HTMLElement &&
        active !== document.body &&
        active.isConnected &&
        !active.closest('[role="dialog"], [role="alertdialog"]')
      ) {
        event.preventDefault();
        return;
      }
      const back = opener.current?.isConnected ? opener.current : null;
      const target = (returnFocusTo ? returnFocusTo() : null) ?? back;
      event.preventDefault();
      focusOrNearby(target, openerRegion.current);
    },
  };
}

export type DialogContentProps = Omit<React.ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  /** Names the dialog for assistive technology; required so no dialog is announced without a name. */
  title: React.ReactNode;
  /**
   * Describes the dialog. Pass `null` only when the body is self-explanatory and reads well on its own; the
   * prop is required so that is a decision, not an omission.
   */
  description: React.ReactNode;
  /** Hides the close (×) button, for dialogs that must end with an explicit choice. */
  hideClose?: boolean;
  /**
   * Where focus goes when the dialog closes, when not where it was as the dialog opened (useReturnFocus): a card
   * that stands in for one decided meanwhile, say.
   */
  returnFocusTo?: ReturnFocusTo;
};

export function DialogContent({
  className,
  title,
  description,
  hideClose = false,
  returnFocusTo,
  children,
  onOpenAutoFocus,
  ...props
}: DialogContentProps) {
  const focusBack = useReturnFocus(returnFocusTo);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
          "rounded-lg border border-zinc-200 bg-white p-6 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100",
          className,
        )}
        {...(description === null ? { "aria-describedby": undefined } : {})}
        onOpenAutoFocus={(event) => {
          focusBack.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={focusBack.onCloseAutoFocus}
        {...props}
      >
        <div className="flex flex-col gap-1.5 pr-6">
          <DialogPrimitive.Title className="text-lg font-semibold leading-6">{title}</DialogPrimitive.Title>
          {description === null ? null : (
            <DialogPrimitive.Description className="text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className={cn(
              "absolute top-4 right-4 rounded-sm p-1 text-zinc-500 dark:text-zinc-400 transition-colors hover:text-zinc-900 dark:hover:text-zinc-100",
              focusRing,
            )}
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
