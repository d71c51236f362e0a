"use client";

import * as React from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { SelectFilter } from "./filters";

// The option that clears the filter; no filter value is ever empty.
const ALL = "";

export type DataTableSelectFilterProps = {
  filter: SelectFilter;
  value: string | null;
  onChange: (value: string | null) => void;
};

export function DataTableSelectFilter({ filter, value, onChange }: DataTableSelectFilterProps) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-400">
        {filter.label}
      </Label>
      <NativeSelect
        id={id}
        containerClassName="w-44"
        className="h-8"
        value={value ?? ALL}
        onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      >
        <option value={ALL}>{filter.allLabel ?? "All"}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {value !== null && !filter.options.some((option) => option.value === value) ? (
          // Accepted by the filter but no longer offered by the data: still the choice in force.
          <option value={value}>{value}</option>
        ) : null}
      </NativeSelect>
    </div>
  );
}
