"use client";

import type * as React from "react";
import { cn, focusRing } from "@/lib/universal/utils";

type SwitchProps = Omit<React.ComponentProps<"input">, "type" | "checked" | "defaultChecked" | "onChange"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch: the browser's own checkbox with `role="switch"` (announced as a switch, on or off, toggled by
 * click, Space or its `<label htmlFor>`), drawn as a track with a thumb. One element and a span, where Radix's was a
 * button, a hidden input inside a form and a size read while the page hydrated (decision 0069). Controlled:
 * `checked` and `onCheckedChange`.
 */
export function Switch({ className, checked, onCheckedChange, ...props }: SwitchProps) {
  return (
    <span className="relative inline-flex h-5 w-9 shrink-0">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        // The same state the element holds; said again for the role, whose state is aria-checked.
        aria-checked={checked}
        className={cn(
          "peer h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-300 shadow-sm transition-colors",
          "checked:bg-brand-600 dark:bg-zinc-700 dark:checked:bg-brand-600",
          "disabled:cursor-not-allowed disabled:opacity-50",
          focusRing,
          className,
        )}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4 peer-disabled:opacity-50"
      />
    </span>
  );
}
