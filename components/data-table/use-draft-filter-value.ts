"use client";

import * as React from "react";

const DEFAULT_DELAY_MS = 300;

/**
 * An input's own text, committed to the URL once typing pauses, so each keystroke neither requests a page nor
 * writes the address bar. A change from outside (Back, "Clear filters") replaces the text.
 */
export function useDraftFilterValue(
  value: string | null,
  commit: (value: string | null) => void,
  delayMs: number = DEFAULT_DELAY_MS,
) {
  const [draft, setDraft] = React.useState(value ?? "");
  const [seen, setSeen] = React.useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? "") !== draft.trim()) setDraft(value ?? "");
  }

  const commitRef = React.useRef(commit);
  React.useEffect(() => {
    commitRef.current = commit;
  });

  const pending = draft.trim() === "" ? null : draft.trim();
  React.useEffect(() => {
    if (pending === value) return;
    const timer = setTimeout(() => commitRef.current(pending), delayMs);
    return () => clearTimeout(timer);
  }, [pending, value, delayMs]);

  const flush = React.useCallback(() => {
    if (pending !== value) commitRef.current(pending);
  }, [pending, value]);

  return { draft, setDraft, flush };
}
