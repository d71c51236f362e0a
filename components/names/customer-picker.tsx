"use client";

import { useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { errorDetails } from "@/components/ui/error-details";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { StatusBadge } from "@/components/ui/status-badge";
import { useComboboxNavigation } from "@/components/ui/use-combobox-navigation";
import { useDebounced } from "@/components/ui/use-debounced";
import { customerSearchQuery } from "@/lib/client/api/names";
import { type CustomerChoice, customerChoiceDetail } from "@/lib/universal/names/customer-matches";
import { cn } from "@/lib/universal/utils";

type Props = {
  /** The input's id; the listbox and options derive theirs from it. */
  id: string;
  label: string;
  value: CustomerChoice | null;
  onChange: (choice: CustomerChoice | null) => void;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
};

const SEARCH_DELAY_MS = 250;

/**
 * Finds a customer by name, email, UMA address or id, searched on the console's server (GET
 * /api/customers/search), and picks one: a WAI-ARIA combobox (the input keeps focus, ↑ ↓ move the active option,
 * Enter or a click chooses it, Escape closes the list). The chosen customer is shown by name with a button to
 * choose another.
 */
export function CustomerPicker({
  id,
  label,
  value,
  onChange,
  description,
  error,
  required,
  className,
}: Props) {
  const [text, setText] = React.useState("");
  const [open, setOpen] = React.useState(false);
  const searched = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...customerSearchQuery(searched), enabled: open && searched !== "" });
  const results = searched === "" ? [] : (search.data?.data ?? []);
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => (results[index] ? `${id}-option-${index}` : undefined);
  const navigation = useComboboxNavigation(
    results.map((choice) => choice.id),
    optionId,
  );
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const inputRef = React.useRef<HTMLInputElement>(null);

  const choose = (index: number) => {
    const choice = results[index];
    if (!choice) return;
    onChange(choice);
    setOpen(false);
    setText("");
  };

  const expanded = open && searched !== "" && results.length > 0;
  const status =
    searched === "" || !open
      ? ""
      : search.isError
        ? errorDetails(search.error).message
        : search.isPending || text.trim() !== searched
          ? "Searching…"
          : results.length === 0
            ? `No customer matches "${searched}"${search.data?.complete === false ? ` among the newest ${search.data.searched}` : ""}.`
            : `${results.length} customer${results.length === 1 ? "" : "s"} found${search.data?.complete === false ? ` among the newest ${search.data.searched}` : ""}.`;

  if (value) {
    return (
      <fieldset className={cn("flex min-w-0 flex-col gap-1.5", className)}>
        <legend className="mb-1.5 text-sm font-medium">{label}</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
          <span className="min-w-0 font-medium break-words">{value.name}</span>
          <span className="min-w-0 font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">
            {customerChoiceDetail(value) || value.id}
          </span>
          <StatusBadge status={value.kycStatus} />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => {
              onChange(null);
              setOpen(true);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            <X aria-hidden="true" />
            Choose another<span className="sr-only"> customer than {value.name}</span>
          </Button>
        </div>
        {description ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{description}</p> : null}
        {error ? (
          <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }

  return (
    <div className={cn("relative flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(required)</span>
        ) : null}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
        />
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? optionId(navigation.active) : undefined}
          aria-describedby={[hintId, status ? statusId : "", error ? errorId : ""].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            navigation.reset();
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && open) {
              event.preventDefault();
              setOpen(false);
              return;
            }
            // Enter chooses the active customer; it never submits the form around the picker.
            if (event.key === "Enter" && !expanded) {
              event.preventDefault();
              return;
            }
            navigation.onKeyDown(event, choose);
          }}
          placeholder="Name, email, UMA address or id"
          autoComplete="off"
          spellCheck={false}
          className="pl-8"
        />
      </div>
      <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {description ?? "Type part of a name or email, a UMA address, or an id."}
      </p>
      <div
        id={listboxId}
        role="listbox"
        aria-label={`${label}: matching customers`}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      >
        {results.map((choice, index) => (
          <div
            key={choice.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === navigation.active}
            tabIndex={-1}
            // The input keeps focus: a press on an option must not blur it before the click chooses.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => navigation.setActive(index)}
            onClick={() => choose(index)}
            onKeyDown={() => undefined}
            className={cn(
              "flex cursor-pointer flex-col gap-0.5 rounded px-2 py-1.5 text-sm",
              index === navigation.active && "bg-zinc-100 dark:bg-zinc-800",
            )}
          >
            <span className="flex items-center gap-2">
              <span className="min-w-0 truncate font-medium">{choice.name}</span>
              <StatusBadge status={choice.kycStatus} />
            </span>
            <span className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
              {customerChoiceDetail(choice) || choice.id}
            </span>
          </div>
        ))}
      </div>
      <p id={statusId} role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
