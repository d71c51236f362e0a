"use client";

import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { useComboboxNavigation } from "@/components/ui/use-combobox-navigation";
import { isoCurrencyOptions, searchCurrencyOptions } from "@/lib/universal/config/currency-options";
import { cn } from "@/lib/universal/utils";

/** The dialog of AddCurrencyDialog (./add-currency-dialog), downloaded when it is first opened. */
export function AddCurrencyDialogContent({
  open,
  onOpenChange: setOpen,
  returnFocusTo,
  supported,
  onAdd,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Add currency" button, which gets focus back when the dialog closes without an addition. */
  returnFocusTo: LazyDialogControl["returnFocusTo"];
  supported: readonly string[];
  onAdd: (currencyCode: string) => void;
  /** After the dialog has closed on an addition: where focus goes (the new row) instead of back to the button. */
  onAdded?: (currencyCode: string) => void;
}) {
  const added = useRef<string | null>(null);
  const [query, setQuery] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();
  const matches = useMemo(() => searchCurrencyOptions(query, isoCurrencyOptions()), [query]);
  const codes = useMemo(() => matches.map((option) => option.code), [matches]);
  const taken = new Set(supported);
  const optionId = (code: string) => `${listId}-${code}`;
  const { active, setActive, reset, onKeyDown } = useComboboxNavigation(codes, (index) => {
    const code = matches[index]?.code;
    return code ? optionId(code) : undefined;
  });
  const activeOption = active >= 0 ? matches[active] : undefined;

  const choose = (code: string) => {
    if (taken.has(code)) return;
    added.current = code;
    onAdd(code);
    setOpen(false);
  };

  // Every opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setQuery("");
    reset();
    added.current = null;
  }, [open, reset]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Add a currency"
        description="Pick an ISO 4217 currency. You set its limits and counterparty fields in the table, and nothing is saved until you review and confirm."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const code = added.current;
          if (code && onAdded) onAdded(code);
          else returnFocusTo()?.focus();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={inputId}>Search by code or name</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
            />
            <Input
              id={inputId}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder="GBP, pound, peso…"
              className="pl-8"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                reset();
                listRef.current?.scrollTo({ top: 0 });
              }}
              onKeyDown={(event) =>
                onKeyDown(event, (index) => {
                  const option = matches[index];
                  if (option) choose(option.code);
                })
              }
            />
          </div>
        </div>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="ISO 4217 currencies"
          className="-mx-1 max-h-72 overflow-y-auto px-1"
        >
          {matches.map((option) => {
            const isTaken = taken.has(option.code);
            const isActive = option.code === activeOption?.code;
            return (
              // The input keeps focus and moves the active option; a click picks one directly.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection happens in the combobox input.
              <div
                key={option.code}
                tabIndex={-1}
                id={optionId(option.code)}
                role="option"
                aria-selected={isActive}
                aria-disabled={isTaken || undefined}
                onClick={() => choose(option.code)}
                onMouseMove={() => setActive(matches.indexOf(option))}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm",
                  isActive && "bg-zinc-100 dark:bg-zinc-800",
                  isTaken && "cursor-not-allowed opacity-50",
                )}
              >
                <span className="flex min-w-0 items-center gap-3">
                  <span className="w-10 shrink-0 font-mono font-semibold">{option.code}</span>
                  <span className="truncate">{option.name}</span>
                </span>
                <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                  {isTaken
                    ? "Already supported"
                    : `${option.decimals} decimal${option.decimals === 1 ? "" : "s"}`}
                </span>
              </div>
            );
          })}
        </div>
        {matches.length === 0 ? (
          <p role="status" className="px-2 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
            No ISO 4217 currency matches “{query}”.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
