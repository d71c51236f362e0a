"use client";

import * as React from "react";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { SelectFilter } from "./filters";

// Radix Select reserves the empty string, so "no filter" needs a value of its own.
const ALL = "__all__";

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
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
        <SelectTrigger id={id} className="h-8 w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{filter.allLabel ?? "All"}</SelectItem>
          <SelectSeparator />
          {filter.options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
