"use client";

import { X } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { StatusBadge } from "@/components/ui/status-badge";
import { type CustomerChoice, customerChoiceDetail } from "@/lib/universal/names/customer-matches";
import { cn } from "@/lib/universal/utils";
import { CustomerSearchBox } from "./customer-search-box";

type Props = {
  /** The input's id; the listbox and options derive theirs from it. */
  id: string;
  label: string;
  value: CustomerChoice | null;
  onChange: (choice: CustomerChoice | null) => void;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
};

/**
 * A form's field that picks one customer, found by name, email, UMA address or id (CustomerSearchBox). The chosen
 * customer is shown by name with a button to choose another.
 */
export function CustomerPicker({
  id,
  label,
  value,
  onChange,
  description,
  error,
  required,
  className,
}: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = React.useRef<HTMLInputElement>(null);

  if (value) {
    return (
      <fieldset className={cn("flex min-w-0 flex-col gap-1.5", className)}>
        <legend className="mb-1.5 text-sm font-medium">{label}</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
          <span className="min-w-0 font-medium break-words">{value.name}</span>
          <span className="min-w-0 font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">
            {customerChoiceDetail(value) || value.id}
          </span>
          <StatusBadge status={value.kycStatus} />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => {
              onChange(null);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            <X aria-hidden="true" />
            Choose another<span className="sr-only"> customer than {value.name}</span>
          </Button>
        </div>
        {description ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{description}</p> : null}
        {error ? (
          <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(required)</span>
        ) : null}
      </Label>
      <CustomerSearchBox
        id={id}
        label={label}
        onChoose={onChange}
        inputRef={inputRef}
        describedBy={[hintId, error ? errorId : ""]}
        invalid={!!error}
        required={required}
      >
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {description ?? "Type part of a name or email, a UMA address, or an id."}
        </p>
      </CustomerSearchBox>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
