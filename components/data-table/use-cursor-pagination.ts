"use client";

import { parseAsNativeArrayOf, parseAsString, useQueryStates } from "nuqs";
import * as React from "react";
import {
  type CursorState,
  hasPreviousPage,
  nextPageState,
  normaliseCursorState,
  pageNumber,
  previousPageState,
} from "./cursor-stack";

/** The URL state of a paged list; shared with the filters, which clear it in the same URL update. */
export const cursorParsers = {
  cursor: parseAsString,
  // Repeated keys (`?prev=a&prev=b`) rather than one joined value: cursors are opaque and may hold any separator.
  previous: parseAsNativeArrayOf(parseAsString),
};

/**
 * URL parameter names. A page with two lists gives each a prefix (`"accounts."`), and passes the same prefix to
 * the list's DataTable and filters.
 */
export function cursorUrlKeys(prefix = "") {
  return { cursor: `${prefix}cursor`, previous: `${prefix}prev` };
}

export type CursorPagination = {
  /** The cursor to request the current page with; undefined on the first page. */
  cursor: string | undefined;
  /** 1 on the first page. */
  page: number;
  hasPrevious: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
  reset: () => void;
};

function toState(values: { cursor: string | null; previous: string[] }): CursorState {
  return normaliseCursorState(values);
}

/**
 * Cursor pagination kept in the URL, so a page of a list can be shared, reloaded and reached with Back:
 * `const {cursor} = useCursorPagination(); useQuery(listQuery({…filters, cursor}))`.
 */
export function useCursorPagination({ prefix = "" }: { prefix?: string } = {}): CursorPagination {
  const urlKeys = React.useMemo(() => cursorUrlKeys(prefix), [prefix]);
  // Each page is a history entry, so Back returns to the page before.
  const [values, setValues] = useQueryStates(cursorParsers, { urlKeys, history: "push" });
  const state = toState(values);

  const next = React.useCallback(
    (nextCursor: string) => {
      void setValues((old) => {
        const updated = nextPageState(toState(old), nextCursor);
        return { cursor: updated.cursor, previous: [...updated.previous] };
      });
    },
    [setValues],
  );
  const previous = React.useCallback(() => {
    void setValues((old) => {
      const updated = previousPageState(toState(old));
      return { cursor: updated.cursor, previous: [...updated.previous] };
    });
  }, [setValues]);
  const reset = React.useCallback(() => {
    void setValues({ cursor: null, previous: null });
  }, [setValues]);

  return {
    cursor: state.cursor ?? undefined,
    page: pageNumber(state),
    hasPrevious: hasPreviousPage(state),
    next,
    previous,
    reset,
  };
}
