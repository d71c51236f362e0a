"use client";

import * as React from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { BooleanFilter } from "./filters";

export type DataTableBooleanFilterProps = {
  filter: BooleanFilter;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
};

export function DataTableBooleanFilter({ filter, value, onChange }: DataTableBooleanFilterProps) {
  const id = React.useId();
  return (
    <div className="flex h-8 items-center gap-2 self-end">
      <Switch
        id={id}
        checked={value === true}
        onCheckedChange={(checked) => onChange(checked ? true : null)}
      />
      <Label htmlFor={id} className="text-sm font-normal">
        {filter.label}
      </Label>
    </div>
  );
}
