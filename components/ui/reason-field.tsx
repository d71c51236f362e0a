"use client";

import { useId } from "react";
import { Label } from "./label";
import { Textarea } from "./textarea";

/**
 * The reason a consequential action asks for (reject, reveal, dismiss, confirm, emergency hold): its label with what
 * is required, the text, and the problem with it, tied to the field for screen readers. `autoFocus` for a
 * FormDialog; a ConfirmDialog focuses it through `data-autofocus`, which the field always carries.
 */
export function ReasonField({
  label = "Reason",
  requirement = "required; kept in the audit log",
  value,
  onChange,
  maxLength,
  problem,
  hint,
  autoFocus,
}: {
  label?: string;
  requirement?: React.ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** What is wrong with it, said under the field and marking it invalid. */
  problem?: React.ReactNode;
  /** The rule a reason must meet, said under the field (its problem, once there is one, says it instead). */
  hint?: React.ReactNode;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-zinc-500 dark:text-zinc-400">({requirement})</span>
      </Label>
      <Textarea
        id={id}
        data-autofocus
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : hint ? `${id}-hint` : undefined}
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
