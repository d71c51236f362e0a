"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import * as React from "react";
import { errorDetails } from "@/components/ui/error-details";
import { Input } from "@/components/ui/input";
import { StatusBadge } from "@/components/ui/status-badge";
import { useComboboxNavigation } from "@/components/ui/use-combobox-navigation";
import { useDebounced } from "@/components/ui/use-debounced";
import { customerSearchQuery } from "@/lib/client/api/names";
import {
  type CustomerChoice,
  customerChoiceDetail,
  searchReach,
} from "@/lib/universal/names/customer-matches";
import { cn } from "@/lib/universal/utils";

type Props = {
  /** The input's id; the listbox, its options and the status line derive theirs from it. */
  id: string;
  /** Names the listbox: "Sender: matching customers". */
  label: string;
  onChoose: (choice: CustomerChoice) => void;
  inputRef?: React.Ref<HTMLInputElement> | undefined;
  /** Ids of the lines that describe the input (a hint, an error), before its status. */
  describedBy?: readonly string[] | undefined;
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  placeholder?: string | undefined;
  /**
   * A list's filter: a small field whose status ("Searching…", "No customer matches …") opens under it as the list
   * of matches does, instead of a line that would make the toolbar taller.
   */
  compact?: boolean | undefined;
  /** Lines under the field, above its status line (a hint); not with `compact`. */
  children?: React.ReactNode;
};

const SEARCH_DELAY_MS = 250;

/**
 * Finds customers by name, email, UMA address or id, searched on the console's server (GET /api/customers/search):
 * a WAI-ARIA combobox (the input keeps focus, ↑ ↓ move the active option, Enter or a click chooses it, Escape
 * closes the list). What is chosen is the caller's to show; the text empties once a customer is chosen.
 */
export function CustomerSearchBox({
  id,
  label,
  onChoose,
  inputRef,
  describedBy = [],
  invalid,
  required,
  placeholder = "Name, email, UMA address or id",
  compact,
  children,
}: Props) {
  const [text, setText] = React.useState("");
  const [open, setOpen] = React.useState(false);
  const searched = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...customerSearchQuery(searched), enabled: open && searched !== "" });
  const results = searched === "" ? [] : (search.data?.data ?? []);
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => (results[index] ? `${id}-option-${index}` : undefined);
  const navigation = useComboboxNavigation(
    results.map((choice) => choice.id),
    optionId,
  );

  const choose = (index: number) => {
    const choice = results[index];
    if (!choice) return;
    onChoose(choice);
    setOpen(false);
    setText("");
  };

  const expanded = open && searched !== "" && results.length > 0;
  const among = search.data ? searchReach(search.data) : "";
  const status =
    searched === "" || !open
      ? ""
      : search.isError
        ? errorDetails(search.error).message
        : search.isPending || text.trim() !== searched
          ? "Searching…"
          : results.length === 0
            ? `No customer matches "${searched}"${among}.`
            : `${results.length} customer${results.length === 1 ? "" : "s"} found${among}.`;

  return (
    <>
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
          aria-describedby={[...describedBy, status ? statusId : ""].filter(Boolean).join(" ") || undefined}
          aria-invalid={invalid ? true : undefined}
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
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className={compact ? "h-8 w-56 pl-8" : "pl-8"}
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label={`${label}: matching customers`}
          hidden={!expanded}
          className={cn(
            "absolute top-full left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900",
            compact ? "w-80 max-w-[calc(100vw-2rem)]" : "right-0",
          )}
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
        {compact ? (
          <p
            id={statusId}
            role="status"
            // Over the rows, as the matches are; only while it has something to say and no match is listed.
            className={
              status === "" || expanded
                ? "sr-only"
                : "absolute top-full left-0 z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-600 shadow-lg dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
            }
          >
            {status}
          </p>
        ) : null}
      </div>
      {compact ? null : (
        <>
          {children}
          <p id={statusId} role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
            {status}
          </p>
        </>
      )}
    </>
  );
}
