"use client";

import { useCallback, useSyncExternalStore } from "react";

/** One preference as this tab knows it: the stored text, read from localStorage once, and who follows it. */
type Entry = { stored: string | null; listeners: Set<() => void> };

const entries = new Map<string, Entry>();
let followingOtherTabs = false;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { stored: readStored(key), listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function changed(entry: Entry, stored: string | null) {
  if (entry.stored === stored) return;
  entry.stored = stored;
  for (const listener of [...entry.listeners]) listener();
}

/** Another tab's change (`key` null: its storage was cleared): one listener for every preference of this tab. */
function onStorage(event: StorageEvent) {
  if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
  if (event.key === null) {
    for (const [key, entry] of entries) changed(entry, readStored(key));
    return;
  }
  const entry = entries.get(event.key);
  if (entry) changed(entry, event.newValue);
}

function subscribe(key: string, onChange: () => void): () => void {
  const entry = entryOf(key);
  entry.listeners.add(onChange);
  if (!followingOtherTabs) {
    window.addEventListener("storage", onStorage);
    followingOtherTabs = true;
  }
  return () => {
    entry.listeners.delete(onChange);
  };
}

/**
 * A person's choice kept in the browser's localStorage under `key` (per person per browser: the console signs one
 * person in per browser), read through `parse` (which gives the default for anything unknown). The server renders
 * `parse(null)`; React renders that snapshot during hydration and switches to the stored choice right after, so
 * there is no hydration mismatch. Other tabs follow through the storage event.
 *
 * The tab reads each key from storage once and keeps it here, with one storage listener for all: a list draws a
 * moment in every row, and each one reading localStorage and adding its own two window listeners as the page
 * hydrated was work in the way of the page's first frame.
 */
export function useStoredPreference<T extends string>(
  key: string,
  parse: (stored: string | null) => T,
): [T, (next: T) => void] {
  const follow = useCallback((onChange: () => void) => subscribe(key, onChange), [key]);
  const read = useCallback(() => parse(entryOf(key).stored), [key, parse]);
  const value = useSyncExternalStore(follow, read, () => parse(null));
  const set = useCallback(
    (next: T) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // A browser that refuses storage keeps the default.
      }
      changed(entryOf(key), readStored(key));
    },
    [key],
  );
  return [value, set];
}
