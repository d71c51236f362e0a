"use client";

import * as React from "react";
import { CustomerSearchBox } from "@/components/names/customer-search-box";
import { Label } from "@/components/ui/label";
import { DataTableChosenValue } from "./data-table-chosen-value";
import type { CustomerFilter } from "./filters";
import { useFocusWhenAsked } from "./use-focus-when-asked";

export type DataTableCustomerFilterProps = {
  filter: CustomerFilter;
  /** The chosen customer's id, as the URL holds it. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * One customer, found by name, email, UMA address or id and kept in the URL by id. Once chosen it reads as the
 * customer's name (the id until the name arrives, or if the id names no customer) with a button that lifts it and
 * puts the search back, focused.
 */
export function DataTableCustomerFilter({ filter, value, onChange }: DataTableCustomerFilterProps) {
  const id = React.useId();
  const refocus = useFocusWhenAsked<HTMLInputElement>();

  if (value) {
    return (
      <DataTableChosenValue
        label={filter.label}
        value={value}
        onClear={() => {
          refocus.ask();
          onChange(null);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-400">
        {filter.label}
      </Label>
      <CustomerSearchBox
        id={id}
        label={filter.label}
        onChoose={(choice) => onChange(choice.id)}
        inputRef={refocus.ref}
        placeholder="Name, email or id"
        compact
      />
    </div>
  );
}
