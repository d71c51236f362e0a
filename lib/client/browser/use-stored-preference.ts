"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * A person's choice kept in the browser's localStorage under `key` (per person per browser: the console signs one
 * person in per browser), read through `parse` (which gives the default for anything unknown). The server renders
 * `parse(null)`; React renders that snapshot during hydration and switches to the stored choice right after, so
 * there is no hydration mismatch. Other tabs follow through the storage event.
 */
export function useStoredPreference<T extends string>(
  key: string,
  parse: (stored: string | null) => T,
): [T, (next: T) => void] {
  const changed = `console:${key}-changed`;
  const read = useCallback(() => {
    try {
      return parse(window.localStorage.getItem(key));
    } catch {
      return parse(null);
    }
  }, [key, parse]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) onChange();
      };
      window.addEventListener("storage", onStorage);
      window.addEventListener(changed, onChange);
      return () => {
        window.removeEventListener("storage", onStorage);
        window.removeEventListener(changed, onChange);
      };
    },
    [key, changed],
  );
  const value = useSyncExternalStore(subscribe, read, () => parse(null));
  const set = useCallback(
    (next: T) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // A browser that refuses storage keeps the default.
      }
      window.dispatchEvent(new Event(changed));
    },
    [key, changed],
  );
  return [value, set];
}
