"use client";

import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/universal/utils";

// The radio lies invisibly over its whole label, so a click anywhere on the segment lands on the control itself.
const COVERING_RADIO =
  "absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed";

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: string;
  icon?: LucideIcon;
}

/** One choice of a few, shown as a segmented control: a radio group whose segments are its labels. */
export function SegmentedChoice<Value extends string>({
  name,
  label,
  options,
  value,
  onChange,
}: {
  /** The radios' form name. */
  name: string;
  /** The group's accessible name. */
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
    >
      {options.map(({ value: option, label: text, icon: Icon }) => (
        <label
          key={option}
          className={cn(
            "relative inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-zinc-600 transition-colors dark:text-zinc-400",
            "has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-zinc-100",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
            "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={COVERING_RADIO}
          />
          {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
          {text}
        </label>
      ))}
    </div>
  );
}
