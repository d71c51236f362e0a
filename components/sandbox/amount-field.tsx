"use client";

import type * as React from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { parseMajorUnits } from "@/lib/universal/config/amounts";

/**
 * An amount typed in major units of a currency, with the exact amount it means shown as the person types. The
 * input is registered by the caller (react-hook-form); this adds the currency and the reading of the value.
 */
export function AmountField({
  label,
  currencyCode,
  decimals,
  value,
  error,
  description,
  required = true,
  placeholder,
  input,
}: {
  label: string;
  currencyCode: string | undefined;
  decimals: number | undefined;
  value: string;
  error?: { message?: string } | string;
  description?: React.ReactNode;
  required?: boolean;
  placeholder?: string;
  input: React.ComponentProps<"input">;
}) {
  const parsed =
    currencyCode && decimals !== undefined && value.trim() !== "" ? parseMajorUnits(value, decimals) : null;
  return (
    <FormField
      label={label}
      required={required}
      error={error}
      description={
        <>
          {parsed?.ok && currencyCode && decimals !== undefined ? (
            <span className="font-medium text-zinc-800 dark:text-zinc-200">
              <Money amount={parsed.minor} currency={{ code: currencyCode, decimals }} />
              {" · "}
            </span>
          ) : null}
          {description ??
            (currencyCode && decimals !== undefined
              ? `In ${currencyCode}, up to ${decimals} decimal place${decimals === 1 ? "" : "s"}.`
              : "Choose a currency first.")}
        </>
      }
    >
      {(control) => (
        <div className="relative">
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            className="pr-14 tabular-nums"
            {...input}
            {...control}
          />
          {currencyCode ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 font-mono text-xs text-zinc-500 dark:text-zinc-400"
            >
              {currencyCode}
            </span>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
