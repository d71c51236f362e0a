"use client";

import * as React from "react";
import { afterPointerRelease, trackPointerPresses } from "./after-pointer-release";

const DEFAULT_DELAY_MS = 300;

/**
 * An input's own text, committed to the URL once typing pauses, so each keystroke neither requests a page nor
 * writes the address bar. A change from outside (Back, "Clear filters") replaces the text. A delay of 0 commits
 * each change at once, in the same event, for a list filtered in the browser (see TextFilter's asYouType).
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
  React.useEffect(trackPointerPresses, []);
  // Never while a pointer is pressed: the list would move under a click in progress.
  const commitNow = React.useCallback((next: string | null) => {
    afterPointerRelease(() => commitRef.current(next));
  }, []);

  const change = React.useCallback(
    (text: string) => {
      setDraft(text);
      if (delayMs === 0) commitNow(text.trim() === "" ? null : text.trim());
    },
    [delayMs, commitNow],
  );

  const pending = draft.trim() === "" ? null : draft.trim();
  React.useEffect(() => {
    // Committed as typed; a commit held back by a pressed pointer runs at its release.
    if (pending === value || delayMs === 0) return;
    const timer = setTimeout(() => commitNow(pending), delayMs);
    return () => clearTimeout(timer);
  }, [pending, value, delayMs, commitNow]);

  const flush = React.useCallback(() => {
    if (pending !== value) commitNow(pending);
  }, [pending, value, commitNow]);

  return { draft, setDraft: change, flush };
}
