"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { cn, focusRing, mergedVariants } from "@/lib/universal/utils";
import { overlayClasses, type ReturnFocusTo, useReturnFocus } from "./dialog";

export const Sheet = SheetPrimitive.Root;

const sheetVariants = cva(
  "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-white text-zinc-900 shadow-xl dark:bg-zinc-900 dark:text-zinc-100",
  {
    variants: {
      side: {
        left: "inset-y-0 left-0 h-full w-[min(20rem,calc(100%-3rem))] border-r border-zinc-200 dark:border-zinc-800",
        right:
          "inset-y-0 right-0 h-full w-[min(32rem,calc(100%-3rem))] border-l border-zinc-200 dark:border-zinc-800",
      },
    },
    defaultVariants: { side: "right" },
  },
);
const sheetClasses = mergedVariants(sheetVariants);

export type SheetContentProps = Omit<React.ComponentProps<typeof SheetPrimitive.Content>, "title"> &
  VariantProps<typeof sheetVariants> & {
    /** Names the panel for assistive technology. */
    title: React.ReactNode;
    /** Describes the panel; `null` when the title says it all (see DialogContent). */
    description: React.ReactNode;
    /** Keeps the title for screen readers but hides it, for panels whose content is its own heading (navigation). */
    hideHeader?: boolean;
    /** Where focus goes when the sheet closes, for a sheet opened without its SheetTrigger (see DialogContent). */
    returnFocusTo?: ReturnFocusTo;
    /**
     * Where focus goes as it opens: the panel itself (its title is read; Tab reaches its first control), as a panel
     * of details wants, so opening it starts nothing (a copy button's tooltip); or its first control, as a menu does.
     */
    initialFocus?: "panel" | "first-control";
  };

export function SheetContent({
  className,
  side,
  title,
  description,
  hideHeader = false,
  returnFocusTo,
  initialFocus = "panel",
  children,
  onOpenAutoFocus,
  ...props
}: SheetContentProps) {
  const focusBack = useReturnFocus(returnFocusTo);
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className={overlayClasses} />
      <SheetPrimitive.Content
        className={cn(sheetClasses({ side }), "outline-none", className)}
        onOpenAutoFocus={(event) => {
          focusBack.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || initialFocus !== "panel") return;
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true });
        }}
        {...(description === null ? { "aria-describedby": undefined } : {})}
        onCloseAutoFocus={focusBack.onCloseAutoFocus}
        {...props}
      >
        <div className={cn("flex flex-col gap-1 p-5 pr-12 pb-0", hideHeader && "sr-only")}>
          <SheetPrimitive.Title className="text-base font-semibold">{title}</SheetPrimitive.Title>
          {description === null ? null : (
            <SheetPrimitive.Description className="text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </SheetPrimitive.Description>
          )}
        </div>
        {children}
        <SheetPrimitive.Close
          className={cn(
            "absolute top-4 right-4 rounded-sm p-1 text-zinc-500 dark:text-zinc-400 transition-colors hover:text-zinc-900 dark:hover:text-zinc-100",
            focusRing,
          )}
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex-1 px-5", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "mt-auto flex flex-col-reverse gap-2 border-t border-zinc-200 p-5 sm:flex-row sm:justify-end dark:border-zinc-800",
        className,
      )}
      {...props}
    />
  );
}
