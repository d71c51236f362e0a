"use client";

import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import * as React from "react";
import {
  activeFilterCount,
  type FilterDef,
  type FilterValues,
  filterKeys,
  filterParsers,
  storedFilterValue,
} from "./filters";
import { cursorParsers, cursorUrlKeys } from "./use-cursor-pagination";

// Names for the cursor inside this hook's key map only (the URL keys come from cursorUrlKeys), chosen to stay clear
// of any API query parameter a filter is named after.
const CURSOR = "__dataTableCursor";
const PREVIOUS = "__dataTablePrevious";

type KeyMap = Record<string, ReturnType<typeof filterParsers>[string] | typeof cursorParsers.previous>;

export type DataTableFilters<Filters extends readonly FilterDef[]> = {
  values: FilterValues<Filters>;
  /** The same values by URL key, for code that handles any filter list (the toolbar). */
  rawValues: Readonly<Record<string, string | boolean | null>>;
  /** Sets one filter (empty text or `false` clears it) and returns to the first page. */
  setFilter: (key: string, value: string | boolean | null) => void;
  /** Sets several at once, e.g. both days of a range. */
  setFilters: (values: Record<string, string | boolean | null>) => void;
  clearFilters: () => void;
  activeCount: number;
  /**
   * Filters the address gives that are not valid values (a link edited by hand, an option since removed): read as
   * "not set", and said, rather than a list shown whole as if filtered.
   */
  ignored: readonly { key: string; value: string }[];
};

/**
 * A list's filter values, read from and written to the URL. Any change clears the cursor in the same update:
 * a cursor belongs to the result set it came from. Call it with the same definitions (kept at module scope) in the
 * page, to build the query, and in the table, to show the controls; both read the one URL.
 */
export function useDataTableFilters<const Filters extends readonly FilterDef[]>(
  filters: Filters,
  { prefix = "" }: { prefix?: string } = {},
): DataTableFilters<Filters> {
  const keyMap = React.useMemo<KeyMap>(
    () => ({ ...filterParsers(filters), [CURSOR]: cursorParsers.cursor, [PREVIOUS]: cursorParsers.previous }),
    [filters],
  );
  const urlKeys = React.useMemo(() => {
    const cursorKeys = cursorUrlKeys(prefix);
    return { [CURSOR]: cursorKeys.cursor, [PREVIOUS]: cursorKeys.previous };
  }, [prefix]);
  // Typing fast into a text filter should not leave a history entry per keystroke.
  const [state, setState] = useQueryStates(keyMap, { urlKeys, history: "replace" });

  const keys = React.useMemo(() => filterKeys(filters), [filters]);
  const rawValues = React.useMemo(() => {
    const picked: Record<string, string | boolean | null> = {};
    for (const key of keys) {
      const value = state[key];
      picked[key] = typeof value === "string" || typeof value === "boolean" ? value : null;
    }
    return picked;
  }, [keys, state]);

  const setFilters = React.useCallback(
    (updates: Record<string, string | boolean | null>) => {
      // The cursor is cleared only when there is one: writing it (even as nothing) writes the address at once,
      // which a text filtered as it is typed leaves until typing pauses.
      const previous = state[PREVIOUS];
      const onLaterPage = state[CURSOR] !== null || (Array.isArray(previous) && previous.length > 0);
      const next: Record<string, string | boolean | null> = onLaterPage
        ? { [CURSOR]: null, [PREVIOUS]: null }
        : {};
      for (const [key, value] of Object.entries(updates)) {
        if (keys.includes(key)) next[key] = storedFilterValue(value);
      }
      void setState(next);
    },
    [keys, setState, state],
  );
  const setFilter = React.useCallback(
    (key: string, value: string | boolean | null) => setFilters({ [key]: value }),
    [setFilters],
  );
  const clearFilters = React.useCallback(
    () => setFilters(Object.fromEntries(keys.map((key) => [key, null]))),
    [keys, setFilters],
  );

  const searchParams = useSearchParams();
  const ignored = React.useMemo(
    () =>
      keys.flatMap((key) => {
        const given = searchParams?.get(key);
        return given !== null && given !== undefined && given.trim() !== "" && rawValues[key] === null
          ? [{ key, value: given }]
          : [];
      }),
    [keys, rawValues, searchParams],
  );

  return {
    // filterParsers builds a boolean parser exactly for boolean filters and a string parser for the rest, which is
    // the shape FilterValues describes; TypeScript cannot follow that through the record.
    values: rawValues as FilterValues<Filters>,
    rawValues,
    setFilter,
    setFilters,
    clearFilters,
    activeCount: activeFilterCount(filters, rawValues),
    ignored,
  };
}
