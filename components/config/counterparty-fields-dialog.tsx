"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { CounterpartyFieldSetting } from "@/lib/universal/config/diff";
import { cn, focusRing } from "@/lib/universal/utils";
import { type UserInfoFieldName, userInfoFieldNames } from "@/shared/contract/user-info-fields";
import { fieldLabel } from "./field-labels";

type Choice = "off" | "optional" | "required";

const CHOICES: { value: Choice; label: string }[] = [
  { value: "off", label: "Not asked" },
  { value: "optional", label: "Optional" },
  { value: "required", label: "Required" },
];

function choicesOf(fields: readonly CounterpartyFieldSetting[]): Record<UserInfoFieldName, Choice> {
  const out = Object.fromEntries(userInfoFieldNames.map((name) => [name, "off"])) as Record<
    UserInfoFieldName,
    Choice
  >;
  for (const field of fields) out[field.name] = field.mandatory ? "required" : "optional";
  return out;
}

/**
 * Which facts about the sender the platform asks for in incoming payments of one currency, and which of them the
 * sender's institution must supply. One radio group per field, so the keyboard moves within a field with arrows.
 */
export function CounterpartyFieldsDialog({
  open,
  onOpenChange,
  currencyCode,
  value,
  onApply,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currencyCode: string;
  value: readonly CounterpartyFieldSetting[];
  onApply: (fields: CounterpartyFieldSetting[]) => void;
  /** Where focus goes back to; the dialog opens without a trigger of its own. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [choices, setChoices] = useState(() => choicesOf(value));
  const baseId = useId();

  const apply = () => {
    const fields = userInfoFieldNames
      .filter((name) => choices[name] !== "off")
      .map((name) => ({ name, mandatory: choices[name] === "required" }));
    onApply(fields);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setChoices(choicesOf(value));
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={`Counterparty fields for ${currencyCode}`}
        description={`What the sender's institution must tell you about the sender of an incoming ${currencyCode} payment. Required fields must be present; optional ones are sent when known.`}
        className="max-w-xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
          <div
            aria-hidden="true"
            className="grid grid-cols-[1fr_repeat(3,5.5rem)] bg-zinc-50 px-3 py-2 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400 dark:bg-zinc-900/60"
          >
            <span>Field</span>
            {CHOICES.map((choice) => (
              <span key={choice.value} className="text-center">
                {choice.label}
              </span>
            ))}
          </div>
          {userInfoFieldNames.map((name) => {
            const labelId = `${baseId}-${name}`;
            return (
              <div
                key={name}
                role="radiogroup"
                aria-labelledby={labelId}
                className="grid grid-cols-[1fr_repeat(3,5.5rem)] items-center border-t border-zinc-200 px-3 py-2 dark:border-zinc-800"
              >
                <span id={labelId} className="text-sm font-medium">
                  {fieldLabel(name)}
                </span>
                {CHOICES.map((choice) => (
                  <label key={choice.value} className="flex cursor-pointer justify-center py-1">
                    <span className="sr-only">{choice.label}</span>
                    <input
                      type="radio"
                      name={`${baseId}-${name}`}
                      value={choice.value}
                      checked={choices[name] === choice.value}
                      onChange={() => setChoices((current) => ({ ...current, [name]: choice.value }))}
                      className={cn("size-4 cursor-pointer accent-brand-600", focusRing)}
                    />
                  </label>
                ))}
              </div>
            );
          })}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
