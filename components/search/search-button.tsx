"use client";

import { Search } from "lucide-react";
import * as React from "react";
import { isDialogOpen, isTypingTarget } from "@/components/ui/keyboard-targets";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { useHydrated } from "@/components/ui/use-hydrated";
import { cn, focusRing } from "@/lib/universal/utils";
import type { SearchablePage } from "./search-options";

const SearchDialog = lazyWhenOpen(() => import("./search-dialog").then((module) => module.default));

/** "⌘" on Apple keyboards, "Ctrl" elsewhere; "Ctrl" until hydrated, so the server's HTML matches. */
function useModifierLabel(): string {
  return useHydrated() && /Mac|iPhone|iPad/.test(navigator.userAgent) ? "⌘" : "Ctrl";
}

/**
 * The top bar's search: a button, Ctrl+K (⌘K) anywhere, or "/" outside a text field. The dialog's code loads on
 * first use, not with every page.
 */
export function SearchButton({ pages }: { pages: readonly SearchablePage[] }) {
  const [open, setOpen] = React.useState(false);
  const modifier = useModifierLabel();
  const button = React.useRef<HTMLButtonElement>(null);
  // Where focus was when the search opened, to give it back on close; the button when that is gone.
  const returnTo = React.useRef<HTMLElement | null>(null);
  const openSearch = React.useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey;
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!commandK && !(slash && !isTypingTarget(event.target))) return;
      event.preventDefault();
      // An open dialog (the search's own included) owns the keyboard; the search does not stack on top of it.
      if (isDialogOpen()) return;
      openSearch();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openSearch]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={openSearch}
        {...SearchDialog.preloadOn()}
        className={cn(
          // An icon button like its neighbours on narrow screens; a field-like box with the shortcut from sm up.
          "flex h-9 shrink-0 items-center gap-2 rounded-md px-2.5 text-sm text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200",
          "sm:w-56 sm:border sm:border-zinc-200 sm:bg-white sm:shadow-sm sm:hover:border-zinc-300 sm:hover:bg-white dark:sm:border-zinc-700 dark:sm:bg-zinc-900 dark:sm:hover:border-zinc-600 dark:sm:hover:bg-zinc-900",
          focusRing,
        )}
      >
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">Search</span>
        <span
          aria-hidden="true"
          className="hidden rounded border border-zinc-200 bg-zinc-50 px-1.5 font-sans text-[11px] text-zinc-500 sm:inline dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400"
        >
          {modifier} K
        </span>
      </button>
      <SearchDialog
        open={open}
        onOpenChange={setOpen}
        pages={pages}
        returnFocusTo={() => {
          const previous = returnTo.current;
          return previous?.isConnected && previous !== document.body ? previous : button.current;
        }}
      />
    </>
  );
}
