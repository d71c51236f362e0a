"use client";

import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { namesQuery } from "@/lib/client/api/names";
import { cn } from "@/lib/universal/utils";

type Props = {
  /** The filter's label: names the field and its clear button ("Clear the Customer filter (Nadia Okafor)"). */
  label: string;
  /** The id the URL holds: a customer's or an account's. */
  value: string;
  onClear: () => void;
  /** Receives the clear button once drawn: to give it the focus when the field it replaced had it. */
  clearRef?: React.Ref<HTMLButtonElement> | undefined;
};

/**
 * A list filter's chosen record, read back by name: the customer's or the account's name (the id, small and muted,
 * until the name arrives, or if the id names nothing) in a small field, with a button that lifts the filter.
 */
export function DataTableChosenValue({ label, value, onClear, clearRef }: Props) {
  const id = React.useId();
  const names = useQuery(namesQuery([value]));
  const name = names.data?.names[value]?.name;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-xs font-medium text-zinc-600 select-none dark:text-zinc-400">
        {label}
      </span>
      <fieldset
        aria-labelledby={`${id}-label`}
        className="flex h-8 max-w-80 min-w-56 items-center gap-1 rounded-md border border-zinc-300 bg-white pr-0.5 pl-3 text-sm text-zinc-900 shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
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
          ref={clearRef}
          variant="ghost"
          size="icon-sm"
          className="size-7"
          aria-label={`Clear the ${label} filter (${name ?? value})`}
          onClick={onClear}
        >
          <X aria-hidden="true" />
        </Button>
      </fieldset>
    </div>
  );
}
