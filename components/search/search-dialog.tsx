"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { Lock, Search } from "lucide-react";
import { useRouter } from "next/navigation";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { useComboboxNavigation } from "@/components/ui/use-combobox-navigation";
import { useDebounced } from "@/components/ui/use-debounced";
import { namesQuery } from "@/lib/client/api/names";
import { searchQuery } from "@/lib/client/search/search-queries";
import { MAX_SEARCH_LENGTH, matchPages, searchPlan } from "@/lib/universal/search/search-plan";
import { cn } from "@/lib/universal/utils";
import { ApiError } from "@/shared/api-error";
import {
  answerOptions,
  groupOrder,
  idsOfAnswer,
  linkOption,
  ordered,
  pageOption,
  type SearchablePage,
  type SearchOption,
  searchMessage,
} from "./search-options";

export type SearchDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every area, with the ones the signed-in role cannot open marked and explained. */
  pages: readonly SearchablePage[];
  /** Where focus goes when the dialog closes. */
  returnFocusTo: () => HTMLElement | null | undefined;
};

const LISTBOX_ID = "console-search-results";
const optionId = (index: number) => `console-search-option-${index}`;

/**
 * The console's search: type a customer's name or email, or paste an id, a UMA address, a platform customer id or
 * a payment reference, or a page's name, and open it with Enter. Records are looked up through the proxy (names
 * through the customer pickers' search) as the person typing, so the search shows only what their session may read.
 */
export default function SearchDialog({ open, onOpenChange, pages, returnFocusTo }: SearchDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={<span className="sr-only">Search the console</span>}
        description={null}
        className="top-[12vh] max-w-xl translate-y-0 gap-0 p-0"
        returnFocusTo={returnFocusTo}
      >
        <SearchPanel pages={pages} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SearchPanel({ pages, onDone }: { pages: readonly SearchablePage[]; onDone: () => void }) {
  const router = useRouter();
  const [text, setText] = React.useState("");
  const typed = useDebounced(text, 200);
  const settled = typed === text;
  const plan = React.useMemo(() => searchPlan(typed), [typed]);
  const answers = useQueries({ queries: plan.lookups.map(searchQuery) });

  // The customers and accounts the records name, by name as the lists show them (masked by role on the server);
  // their ids meanwhile, or where no name is found.
  const ids = [...new Set(answers.flatMap((answer) => (answer.data ? idsOfAnswer(answer.data) : [])))].sort();
  const names = useQuery(namesQuery(ids.slice(0, 100))).data?.names;
  const found = plan.lookups.flatMap((lookup, index) => {
    const data = answers[index]?.data;
    return data ? answerOptions(lookup, data, names) : [];
  });
  const options = ordered([
    ...(settled ? found : []),
    ...(settled ? plan.links.map(linkOption) : []),
    ...matchPages(text, pages).map(pageOption),
  ]);
  const searching = !settled || answers.some((answer) => answer.isFetching);
  const failure = answers.find((answer) => answer.error)?.error;
  const nothingFound = !searching && !failure && plan.lookups.length > 0 && found.length === 0;
  const nameAnswer = answers.find((answer) => answer.data?.kind === "customerChoices")?.data;
  const byName =
    nameAnswer?.kind === "customerChoices"
      ? {
          only: plan.lookups.every((lookup) => lookup.kind === "customerNames"),
          searched: nameAnswer.searched,
          complete: nameAnswer.complete,
          older: nameAnswer.older,
        }
      : null;
  const {
    active: current,
    setActive,
    reset,
    onKeyDown,
  } = useComboboxNavigation(
    options.map((option) => option.key),
    optionId,
  );

  const go = (option: SearchOption | undefined) => {
    if (!option || option.refusal) return;
    onDone();
    router.push(option.href);
  };

  // Enter pressed before the answers came (an id pasted and entered at once) opens the first result when they do.
  const [enterPending, setEnterPending] = React.useState(false);
  const latest = React.useRef({ go, first: options[0] });
  latest.current = { go, first: options[0] };
  React.useEffect(() => {
    if (!enterPending || searching) return;
    setEnterPending(false);
    latest.current.go(latest.current.first);
  }, [enterPending, searching]);

  const message = searchMessage({
    searching,
    failure: failure ? (failure instanceof ApiError ? failure.message : "try again.") : null,
    noRecordFor: nothingFound ? typed.trim() : null,
    byName,
    options,
    nothingToSay: !text.trim() || Boolean(plan.hint),
  });

  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 pr-12 pl-4 dark:border-zinc-800">
        <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
        <input
          role="combobox"
          aria-label="Search by name, id, UMA address, reference or page"
          aria-expanded={options.length > 0}
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH + 1}
          placeholder="Search names, ids, UMA addresses, references or pages"
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-zinc-400 dark:placeholder:text-zinc-500"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // New text starts again at its first result, whichever arrives first.
            reset();
            setEnterPending(false);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && searching) {
              event.preventDefault();
              setEnterPending(true);
              return;
            }
            onKeyDown(event, (index) => go(options[index]));
          }}
        />
        {searching && plan.lookups.length > 0 ? <Spinner /> : null}
      </div>

      <div className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
        {text.trim() ? null : (
          <p className="px-2 pt-1 pb-2 text-xs text-zinc-500 dark:text-zinc-400">
            Type a customer&apos;s name or email, or paste a transaction, customer or account id (
            <span className="font-mono">Transaction:…</span>), a UMA address, a platform customer id or a
            payment reference; or type a page&apos;s name.
          </p>
        )}
        <div id={LISTBOX_ID} role="listbox" aria-label="Search results">
          {groupOrder(options).map((group) => {
            const members = options
              .map((option, index) => ({ option, index }))
              .filter(({ option }) => option.group === group);
            if (members.length === 0) return null;
            const headingId = `${LISTBOX_ID}-${group.toLowerCase()}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's options are grouped by role="group"; a fieldset is for form controls.
              <div key={group} role="group" aria-labelledby={headingId} className="mb-1 last:mb-0">
                <div
                  id={headingId}
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400"
                >
                  {group}
                </div>
                {members.map(({ option, index }) => (
                  <SearchOptionRow
                    key={option.key}
                    id={optionId(index)}
                    option={option}
                    selected={index === current}
                    onHover={() => setActive(index)}
                    onChoose={() => go(option)}
                  />
                ))}
              </div>
            );
          })}
        </div>
        {plan.hint && settled ? (
          <p className="px-2 py-2 text-sm text-zinc-600 dark:text-zinc-400">{plan.hint}</p>
        ) : null}
        {/* One live region: shown when the eye needs it too, read aloud either way. */}
        <p
          role="status"
          className={cn("px-2 py-2 text-sm text-zinc-600 dark:text-zinc-400", !message.shown && "sr-only")}
        >
          {message.text}
        </p>
      </div>

      <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-zinc-200 px-4 py-2 text-xs text-zinc-500 dark:text-zinc-400 dark:border-zinc-800">
        <span>
          <Key>↑</Key> <Key>↓</Key> to choose
        </span>
        <span>
          <Key>Enter</Key> to open
        </span>
        <span>
          <Key>Esc</Key> to close
        </span>
      </p>
    </div>
  );
}

function Key({ children }: { children: React.ReactNode }) {
  return (
    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-sans text-[11px] text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </kbd>
  );
}

function SearchOptionRow({
  id,
  option,
  selected,
  onHover,
  onChoose,
}: {
  id: string;
  option: SearchOption;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys; this is the pointer's way in.
    <div
      id={id}
      tabIndex={-1}
      role="option"
      aria-selected={selected}
      aria-disabled={option.refusal ? true : undefined}
      onPointerMove={onHover}
      onClick={onChoose}
      className={cn(
        "flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2",
        selected && "bg-zinc-100 dark:bg-zinc-800",
        option.refusal && "cursor-not-allowed opacity-60",
      )}
    >
      <span className="flex min-w-0 items-center gap-2.5">
        {option.icon ? (
          <option.icon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
        ) : null}
        <span className="flex min-w-0 flex-col">
          <span
            className={cn(
              "truncate text-sm font-medium",
              option.deleted && "text-zinc-600 dark:text-zinc-400 line-through",
            )}
          >
            {option.title}
          </span>
          {option.detail ? (
            <span
              className={cn("truncate text-xs text-zinc-600 dark:text-zinc-400", option.mono && "font-mono")}
            >
              {option.detail}
            </span>
          ) : null}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1.5">
        {option.deleted ? <Badge variant="danger">Deleted</Badge> : null}
        {option.refusal ? (
          <Lock aria-label="Not open to your role" className="size-3.5 text-zinc-500 dark:text-zinc-400" />
        ) : null}
        {option.status ? <StatusBadge status={option.status} /> : null}
      </span>
    </div>
  );
}
