"use client";

import * as React from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DateRangeFilter } from "./filters";
import { useDraftFilterValue } from "./use-draft-filter-value";

export type DataTableDateRangeFilterProps = {
  filter: DateRangeFilter;
  from: string | null;
  to: string | null;
  onChange: (key: string, value: string | null) => void;
};

const DATE_DELAY_MS = 500;

export function DataTableDateRangeFilter({ filter, from, to, onChange }: DataTableDateRangeFilterProps) {
  const id = React.useId();
  const fromId = `${id}-from`;
  const toId = `${id}-to`;
  // Typing a year digit by digit makes several valid dates on the way; wait for the last one.
  const fromDraft = useDraftFilterValue(from, (value) => onChange(filter.fromKey, value), DATE_DELAY_MS);
  const toDraft = useDraftFilterValue(to, (value) => onChange(filter.toKey, value), DATE_DELAY_MS);
  const reversed = fromDraft.draft !== "" && toDraft.draft !== "" && fromDraft.draft > toDraft.draft;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={reversed ? errorId : undefined}>
      <legend className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">{filter.label}</legend>
      <div className="flex items-center gap-2">
        <Label htmlFor={fromId} className="sr-only">
          {filter.fromLabel ?? `${filter.label} from`}
        </Label>
        <Input
          id={fromId}
          type="date"
          value={fromDraft.draft}
          max={toDraft.draft || undefined}
          aria-invalid={reversed || undefined}
          className="h-8 min-w-0 flex-1 sm:w-38 sm:flex-none"
          onChange={(event) => fromDraft.setDraft(event.target.value)}
          onBlur={fromDraft.flush}
        />
        <span aria-hidden="true" className="text-zinc-400">
          –
        </span>
        <Label htmlFor={toId} className="sr-only">
          {filter.toLabel ?? `${filter.label} to`}
        </Label>
        <Input
          id={toId}
          type="date"
          value={toDraft.draft}
          min={fromDraft.draft || undefined}
          aria-invalid={reversed || undefined}
          className="h-8 min-w-0 flex-1 sm:w-38 sm:flex-none"
          onChange={(event) => toDraft.setDraft(event.target.value)}
          onBlur={toDraft.flush}
        />
      </div>
      {reversed ? (
        <p id={errorId} className="text-xs text-red-700 dark:text-red-400">
          The first day is after the last; nothing can match.
        </p>
      ) : null}
    </fieldset>
  );
}
