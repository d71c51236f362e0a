"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { amountCurrencyChoices } from "@/lib/universal/transactions/amount-currencies";
import { parseAmountRange } from "@/lib/universal/transactions/amount-range";
import type { AmountRangeFilter } from "./filters";
import { useDraftFilterValue } from "./use-draft-filter-value";

export type DataTableAmountRangeFilterProps = {
  filter: AmountRangeFilter;
  currency: string | null;
  min: string | null;
  max: string | null;
  onChange: (key: string, value: string | null) => void;
};

const NONE = "";
const AMOUNT_DELAY_MS = 500;

/**
 * An amount range: the currency the bounds are in (the platform's currencies, and those retired it has history in,
 * marked "retired": their history stays readable, so it can be found by amount), then the lowest and highest
 * amount in its major units, both optional and inclusive. What is wrong with them is said under the control.
 */
export function DataTableAmountRangeFilter({
  filter,
  currency,
  min,
  max,
  onChange,
}: DataTableAmountRangeFilterProps) {
  const id = React.useId();
  // Both read in the browser after the list is drawn, as the configuration always was: the platform holds an account
  // in every currency it ever supported, so those it holds but no longer supports are the retired ones with history.
  const config = useQuery(configQuery());
  const platformAccounts = useQuery(platformInternalAccountsQuery());
  const supported = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];
  const held = config.data
    ? (platformAccounts.data?.data.map((account) => account.balance.currency.code) ?? [])
    : [];
  const choices = amountCurrencyChoices(supported, held, currency);
  const minDraft = useDraftFilterValue(min, (value) => onChange(filter.minKey, value), AMOUNT_DELAY_MS);
  const maxDraft = useDraftFilterValue(max, (value) => onChange(filter.maxKey, value), AMOUNT_DELAY_MS);
  const checked = parseAmountRange({
    amountCurrency: currency,
    minAmount: minDraft.draft,
    maxAmount: maxDraft.draft,
  });
  const problems = checked.ok ? [] : Object.values(checked.errors);
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1.5"
      aria-describedby={[descriptionId, problems.length > 0 ? errorId : ""].filter(Boolean).join(" ")}
    >
      <legend className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">{filter.label}</legend>
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-currency`} className="sr-only">
          {filter.label} currency
        </Label>
        <NativeSelect
          id={`${id}-currency`}
          containerClassName={choices.some((choice) => choice.retired) ? "w-36 shrink-0" : "w-24 shrink-0"}
          className="h-8"
          value={currency ?? NONE}
          aria-invalid={!checked.ok && checked.errors.amountCurrency ? true : undefined}
          onChange={(event) =>
            onChange(filter.currencyKey, event.target.value === NONE ? null : event.target.value)
          }
        >
          <option value={NONE}>Any</option>
          {choices.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.retired ? `${choice.code} (retired)` : choice.code}
            </option>
          ))}
        </NativeSelect>
        <Label htmlFor={`${id}-min`} className="sr-only">
          {filter.label} at least
        </Label>
        <Input
          id={`${id}-min`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="min"
          value={minDraft.draft}
          aria-invalid={!checked.ok && checked.errors.minAmount ? true : undefined}
          className="h-8 w-24 min-w-0"
          onChange={(event) => minDraft.setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") minDraft.flush();
          }}
          onBlur={minDraft.flush}
        />
        <span aria-hidden="true" className="text-zinc-400">
          –
        </span>
        <Label htmlFor={`${id}-max`} className="sr-only">
          {filter.label} at most
        </Label>
        <Input
          id={`${id}-max`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="max"
          value={maxDraft.draft}
          aria-invalid={!checked.ok && checked.errors.maxAmount ? true : undefined}
          className="h-8 w-24 min-w-0"
          onChange={(event) => maxDraft.setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") maxDraft.flush();
          }}
          onBlur={maxDraft.flush}
        />
      </div>
      <p id={descriptionId} className="max-w-72 text-xs text-zinc-600 dark:text-zinc-400">
        {currency
          ? `${filter.description}, in ${currency}.`
          : `${filter.description}; choose its currency first.`}
      </p>
      {problems.length > 0 ? (
        <p id={errorId} className="max-w-72 text-xs text-red-700 dark:text-red-400">
          {problems.join(". ")}.
        </p>
      ) : null}
    </fieldset>
  );
}
