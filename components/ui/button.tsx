"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn, focusRing, mergedVariants } from "@/lib/universal/utils";
import { Spinner } from "./spinner";

const buttonVariants = cva(
  [
    "inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium",
    "transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
    focusRing,
  ],
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        secondary:
          "bg-zinc-100 text-zinc-900 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700",
        outline:
          "border border-zinc-300 bg-white text-zinc-900 shadow-sm hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
        ghost:
          "text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
        destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-500",
        link: "h-auto px-0 text-brand-600 underline-offset-4 hover:underline dark:text-brand-400",
      },
      size: {
        sm: "h-8 px-3 text-xs",
        default: "h-9 px-4",
        lg: "h-10 px-5",
        icon: "size-9",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
const buttonClasses = mergedVariants(buttonVariants);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link, usually) with the button's look instead of a `<button>`. */
    asChild?: boolean;
    /** Shows a spinner, marks the button busy and ignores further presses until the work ends. */
    loading?: boolean;
    /** Replaces the label while loading, e.g. "Approving…". */
    loadingText?: string;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  loadingText,
  disabled,
  type,
  onClick,
  "aria-disabled": ariaDisabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonClasses({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={ariaDisabled}
        onClick={onClick}
        {...props}
      >
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      // A button in a form submits by default; forms opt in with type="submit" so a stray button never does.
      type={type ?? "button"}
      className={classes}
      disabled={disabled}
      // Busy, not disabled: a disabled button drops keyboard focus mid-action; the press is ignored instead.
      aria-disabled={loading || ariaDisabled || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
