"use client";

import * as React from "react";
import { paymentsFetch } from "@/lib/client/api/client";
import { platformClockKnown, platformSkew, subscribePlatformClock } from "@/lib/universal/api/platform-clock";

let asked = false;

/**
 * Makes sure the platform's clock gets read (lib/universal/api/platform-clock.ts): a page rendered whole on the server
 * has made no call from the browser yet, so one cheap call does. `enabled: false` asks nothing.
 */
export function useReadPlatformClock(enabled = true): void {
  React.useEffect(() => {
    if (!enabled || asked || platformClockKnown()) return;
    asked = true;
    paymentsFetch("/config").catch(() => {
      // Without a reading, times count from the browser's clock, as before any answer arrives.
    });
  }, [enabled]);
}

/**
 * How far the payment platform's clock is ahead of the browser's, in ms, re-rendering as answers change it.
 * `enabled: false` (a time the console itself recorded) reads as 0 and asks nothing.
 */
export function usePlatformSkew(enabled = true): number {
  useReadPlatformClock(enabled);
  const skew = React.useSyncExternalStore(subscribePlatformClock, platformSkew, () => 0);
  return enabled ? skew : 0;
}
