"use client";

import * as React from "react";
import { paymentsFetch } from "@/lib/payments/client";
import { platformClockKnown, platformSkew, subscribePlatformClock } from "@/lib/payments/platform-clock";

let asked = false;

/** A page rendered whole on the server has made no call from the browser yet: one cheap call reads the clock. */
function readPlatformClockOnce(): void {
  if (asked || platformClockKnown()) return;
  asked = true;
  paymentsFetch("/config").catch(() => {
    // Without a reading, times count from the browser's clock, as before any answer arrives.
  });
}

/**
 * How far the payment platform's clock is ahead of the browser's, in ms (lib/payments/platform-clock.ts), kept
 * current as answers arrive. `enabled: false` (a time the console itself recorded) reads as 0 and asks nothing.
 */
export function usePlatformSkew(enabled = true): number {
  const skew = React.useSyncExternalStore(subscribePlatformClock, platformSkew, () => 0);
  React.useEffect(() => {
    if (enabled) readPlatformClockOnce();
  }, [enabled]);
  return enabled ? skew : 0;
}
