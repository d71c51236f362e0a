"use client";

import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import * as React from "react";
import { CustomerSearchBox } from "@/components/names/customer-search-box";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { namesQuery } from "@/lib/client/api/names";
import { cn } from "@/lib/universal/utils";
import type { CustomerFilter } from "./filters";

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
  const refocus = React.useRef(false);
  const names = useQuery(namesQuery(value ? [value] : []));
  const focusIfAsked = React.useCallback((input: HTMLInputElement | null) => {
    if (input && refocus.current) {
      refocus.current = false;
      input.focus();
    }
  }, []);

  if (value) {
    const name = names.data?.names[value]?.name;
    return (
      <div className="flex flex-col gap-1.5">
        <span
          id={`${id}-label`}
          className="text-xs leading-none font-medium text-zinc-600 dark:text-zinc-400"
        >
          {filter.label}
        </span>
        <fieldset
          aria-labelledby={`${id}-label`}
          className="flex h-8 w-56 items-center gap-1 rounded-md border border-zinc-300 bg-white pr-0.5 pl-3 text-sm text-zinc-900 shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {/* The id, small, until the name arrives (or for an id that names no customer). */}
          <span
            className={cn(
              "min-w-0 flex-1 truncate",
              name ? "font-medium" : "font-mono text-xs text-zinc-600 dark:text-zinc-400",
            )}
            title={name ? `${name} (${value})` : value}
          >
            {name ?? value}
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            className="size-7"
            aria-label={`Clear the ${filter.label} filter (${name ?? value})`}
            onClick={() => {
              refocus.current = true;
              onChange(null);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </fieldset>
      </div>
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
        inputRef={focusIfAsked}
        placeholder="Name, email or id"
        compact
      />
    </div>
  );
}
