"use client";

import type * as React from "react";
import { Input } from "@/components/ui/input";
import {
  formatMinorUnits,
  type MinorUnitCurrency,
  minorUnitsToDecimalString,
} from "@/lib/universal/money/format";
import { cn } from "@/lib/universal/utils";
import { MAX_MINOR_AMOUNT } from "@/shared/contract/limits";

export type MajorUnitsParseResult = { ok: true; minor: bigint } | { ok: false; issue: string };

// Thousands separators are accepted only where they group by three, so "12,50" (a decimal comma) is refused
// instead of being read as 1250.
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * An amount typed in major units ("1,234.56") → an exact integer of minor units (123456n), by the currency's
 * decimals, in string and BigInt arithmetic: a float would turn 0.29 USD into 28.999… cents. Trailing zeros past
 * the currency's decimals are harmless ("1.500" USD is 150); any other extra digit is refused, never rounded.
 */
export function parseMajorUnits(input: string, currency: MinorUnitCurrency): MajorUnitsParseResult {
  const text = input.replace(/[\s\u00a0\u202f]/g, "");
  if (text === "") return { ok: false, issue: "Enter an amount" };
  if (text.startsWith("-")) return { ok: false, issue: "Enter a positive amount" };
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return text.includes(",") && !text.includes(".")
      ? { ok: false, issue: "Use a point for decimals, like 1234.56" }
      : { ok: false, issue: "Enter a number, like 1234.56" };
  }
  const [integerPart = "", fractionPart = ""] = text.replaceAll(",", "").split(".");
  const fraction = fractionPart.replace(/0+$/, "");
  if (fraction.length > currency.decimals) {
    return {
      ok: false,
      issue:
        currency.decimals === 0
          ? `${currency.code} has no minor units; enter a whole number`
          : `${currency.code} amounts have at most ${currency.decimals} decimal place${currency.decimals === 1 ? "" : "s"}`,
    };
  }
  const digits = `${integerPart}${fraction.padEnd(currency.decimals, "0")}`;
  return { ok: true, minor: BigInt(digits === "" ? "0" : digits) };
}

export type AmountBounds = {
  /** Smallest allowed amount in minor units; 1 by default (a money movement is never zero). */
  min?: number | bigint;
  /** Largest allowed amount in minor units; the API's ceiling by default. */
  max?: number | bigint;
};

/** Why an amount typed in major units is not acceptable, or null. */
export function majorUnitsIssue(
  input: string,
  currency: MinorUnitCurrency,
  { min = 1n, max = MAX_MINOR_AMOUNT }: AmountBounds = {},
): string | null {
  const parsed = parseMajorUnits(input, currency);
  if (!parsed.ok) return parsed.issue;
  if (parsed.minor < BigInt(min)) {
    return BigInt(min) <= 1n
      ? "Must be greater than 0"
      : `Must be at least ${formatMinorUnits(BigInt(min), currency)}`;
  }
  if (parsed.minor > BigInt(max)) return `Must be at most ${formatMinorUnits(BigInt(max), currency)}`;
  return null;
}

/** The typed amount as the currency writes it ("$1,234.50"), or null while it is not a valid amount. */
export function formatTypedAmount(input: string, currency: MinorUnitCurrency): string | null {
  const parsed = parseMajorUnits(input, currency);
  return parsed.ok ? formatMinorUnits(parsed.minor, currency) : null;
}

export type AmountInputProps = Omit<React.ComponentProps<"input">, "type" | "value" | "onChange"> & {
  currency: MinorUnitCurrency;
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A text input for an amount in major units with the currency's code beside it. On blur a valid amount is
 * rewritten with the currency's decimals ("12.5" → "12.50"), so what is shown is what will be sent.
 */
export function AmountInput({
  currency,
  value,
  onValueChange,
  onBlur,
  className,
  ...props
}: AmountInputProps) {
  const placeholder = currency.decimals === 0 ? "0" : `0.${"0".repeat(currency.decimals)}`;
  return (
    <div className="relative">
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={(event) => {
          const parsed = parseMajorUnits(value, currency);
          if (parsed.ok) onValueChange(minorUnitsToDecimalString(parsed.minor, currency.decimals));
          onBlur?.(event);
        }}
        className={cn("pr-14 text-right tabular-nums", className)}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 font-mono text-xs text-zinc-500 dark:text-zinc-400"
      >
        {currency.code}
      </span>
    </div>
  );
}
