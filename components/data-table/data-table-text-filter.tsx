"use client";

import { Search } from "lucide-react";
import * as React from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { TextFilter } from "./filters";
import { useDraftFilterValue } from "./use-draft-filter-value";

export type DataTableTextFilterProps = {
  filter: TextFilter;
  value: string | null;
  onChange: (value: string | null) => void;
  inputRef?: React.Ref<HTMLInputElement> | undefined;
  onFocusChange?: ((focused: boolean) => void) | undefined;
};

export function DataTableTextFilter({
  filter,
  value,
  onChange,
  inputRef,
  onFocusChange,
}: DataTableTextFilterProps) {
  const id = React.useId();
  const { draft, setDraft, flush } = useDraftFilterValue(value, onChange, filter.asYouType ? 0 : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-400">
        {filter.label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={draft}
          placeholder={filter.placeholder}
          autoComplete="off"
          spellCheck={false}
          className="h-8 w-56 pl-8"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") flush();
          }}
          onFocus={() => onFocusChange?.(true)}
          onBlur={() => {
            onFocusChange?.(false);
            flush();
          }}
        />
      </div>
    </div>
  );
}
