"use client";

import { type ColumnVisibilityState, functionalUpdate, type Updater } from "@tanstack/react-table";
import { parseAsString, useQueryState } from "nuqs";
import * as React from "react";
import { COLUMNS_KEY, columnsParam, columnVisibility, parseColumns } from "@/lib/universal/views/view-url";

export type ColumnChoice = {
  /** The visible columns; null: all of them (no `columns=` in the URL). */
  visible: string[] | null;
  /** react-table's `state.columnVisibility`. */
  state: ColumnVisibilityState;
  /** react-table's `onColumnVisibilityChange`: writes the URL, never leaving a table without columns. */
  onChange: (updater: Updater<ColumnVisibilityState>) => void;
};

/**
 * Which columns a list shows, kept in the URL (`columns=`), so a reload, a shared link or a saved view shows the
 * same. Without `enabled` every column shows and the URL is not read. `locked` (the column that opens the row)
 * always shows.
 */
export function useColumnChoice(
  columnIds: readonly string[],
  { prefix = "", enabled, locked }: { prefix?: string; enabled: boolean; locked?: string | undefined },
): ColumnChoice {
  const [param, setParam] = useQueryState(
    `${prefix}${COLUMNS_KEY}`,
    parseAsString.withOptions({ history: "replace" }),
  );
  const visible = React.useMemo(() => {
    const parsed = enabled ? parseColumns(param, columnIds) : null;
    if (parsed === null || !locked || parsed.includes(locked)) return parsed;
    return columnIds.filter((id) => id === locked || parsed.includes(id));
  }, [enabled, param, columnIds, locked]);
  const state = React.useMemo(() => columnVisibility(visible, columnIds), [visible, columnIds]);
  const onChange = React.useCallback(
    (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, state);
      const shown = columnIds.filter((id) => next[id] !== false || id === locked);
      if (shown.length === 0) return;
      void setParam(columnsParam(shown, columnIds));
    },
    [state, columnIds, locked, setParam],
  );
  return { visible, state, onChange };
}
