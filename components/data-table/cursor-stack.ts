/**
 * Cursor pagination state as it lives in the URL. The API pages forwards only (`nextCursor`), so going back
 * needs the cursors that led here: `cursor` opens the current page (absent on the first), `previous` holds the
 * cursors of the pages between the first and this one, oldest first.
 */
export type CursorState = {
  cursor: string | null;
  previous: readonly string[];
};

export const FIRST_PAGE: CursorState = { cursor: null, previous: [] };

/** Repairs a hand-edited URL: without a current cursor this is the first page, whatever else it says. */
export function normaliseCursorState(state: {
  cursor: string | null;
  previous: readonly string[] | null;
}): CursorState {
  const cursor = state.cursor === "" ? null : state.cursor;
  if (cursor === null) return FIRST_PAGE;
  return { cursor, previous: (state.previous ?? []).filter((item) => item !== "") };
}

export function nextPageState(state: CursorState, nextCursor: string): CursorState {
  const current = normaliseCursorState(state);
  return {
    cursor: nextCursor,
    previous: current.cursor === null ? [] : [...current.previous, current.cursor],
  };
}

export function previousPageState(state: CursorState): CursorState {
  const current = normaliseCursorState(state);
  if (current.cursor === null || current.previous.length === 0) return FIRST_PAGE;
  return {
    cursor: current.previous[current.previous.length - 1] ?? null,
    previous: current.previous.slice(0, -1),
  };
}

/** 1 for the first page. */
export function pageNumber(state: CursorState): number {
  const current = normaliseCursorState(state);
  return current.cursor === null ? 1 : current.previous.length + 2;
}

export function hasPreviousPage(state: CursorState): boolean {
  return normaliseCursorState(state).cursor !== null;
}
