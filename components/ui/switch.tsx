"use client";

import type * as React from "react";
import { cn, focusRing } from "@/lib/utils";

type SwitchProps = Omit<React.ComponentProps<"button">, "onChange" | "type" | "role"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch per the WAI-ARIA switch pattern: a button with `role="switch"` and `aria-checked`, toggled by
 * click, Space or Enter (a button's own keys), labelled by a `<label htmlFor>`. Small enough for every page's first
 * load, unlike Radix's, which brings its own size observer and hidden form input.
 */
export function Switch({ checked, onCheckedChange, className, onClick, ...props }: SwitchProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      className={cn(
        "peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-sm transition-colors",
        "data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-zinc-300 dark:data-[state=unchecked]:bg-zinc-700",
        "disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      {...props}
    >
      <span
        aria-hidden="true"
        data-state={state}
        className={cn(
          "pointer-events-none block size-4 rounded-full bg-white shadow ring-0 transition-transform",
          "data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0",
        )}
      />
    </button>
  );
}
