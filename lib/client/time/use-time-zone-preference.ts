"use client";

import { useCallback } from "react";
import {
  formatTimestamp,
  type TimestampStyle,
  type TimeZonePreference,
} from "../../universal/time/timestamp-format";
import { useStoredPreference } from "../browser/use-stored-preference";

/**
 * Whether this person reads times in UTC or in their own zone, kept in the browser (lib/client/browser/use-stored-preference.ts).
 * The server renders UTC.
 */
const parseZone = (stored: string | null): TimeZonePreference => (stored === "local" ? "local" : "utc");

export function useTimeZonePreference(): [TimeZonePreference, (next: TimeZonePreference) => void] {
  return useStoredPreference("console.time-zone", parseZone);
}

/** A formatter of moments in this person's chosen zone. */
export function useFormatTimestamp(): (value: Date | string, style?: TimestampStyle) => string {
  const [zone] = useTimeZonePreference();
  return useCallback((value, style = "datetime") => formatTimestamp(value, { zone, style }), [zone]);
}
