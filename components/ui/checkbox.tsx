"use client";

import type * as React from "react";
import { cn, focusRing } from "@/lib/universal/utils";

type CheckboxProps = Omit<
  React.ComponentProps<"input">,
  "type" | "checked" | "defaultChecked" | "onChange"
> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * The browser's own checkbox, in the brand's colour: one element, checked by click, Space or its label, and
 * announced as a checkbox with its state without any script. It was Radix's (a button, a hidden input inside a form,
 * an indicator with two icons, and a size read in a layout effect that laid out the page while it hydrated);
 * decision 0069 says why and what it measured. Controlled: `checked` and `onCheckedChange`.
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:outline-2 aria-invalid:outline-offset-1 aria-invalid:outline-red-500",
        focusRing,
        className,
      )}
      onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      {...props}
    />
  );
}
