"use client";

import { useCallback, useSyncExternalStore } from "react";
import { formatTimestamp, type TimestampStyle, type TimeZonePreference } from "./timestamp-format";

/**
 * Whether this person reads times in UTC or in their own zone: kept in the browser's localStorage, so per person
 * per browser (the console signs one person in per browser). The server renders UTC; React renders the server's
 * snapshot during hydration and switches to the stored choice right after, so there is no hydration mismatch.
 */
const KEY = "console.time-zone";
const CHANGED = "console:time-zone-changed";

function read(): TimeZonePreference {
  try {
    return window.localStorage.getItem(KEY) === "local" ? "local" : "utc";
  } catch {
    return "utc";
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

const serverSnapshot = (): TimeZonePreference => "utc";

export function useTimeZonePreference(): [TimeZonePreference, (next: TimeZonePreference) => void] {
  const preference = useSyncExternalStore(subscribe, read, serverSnapshot);
  const set = useCallback((next: TimeZonePreference) => {
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // A browser that refuses storage keeps UTC.
    }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [preference, set];
}

/** A formatter of moments in this person's chosen zone. */
export function useFormatTimestamp(): (value: Date | string, style?: TimestampStyle) => string {
  const [zone] = useTimeZonePreference();
  return useCallback((value, style = "datetime") => formatTimestamp(value, { zone, style }), [zone]);
}
