"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type Departure, departureOf, saysMore } from "@/lib/universal/approvals/departure";
import { onConsoleEvent } from "@/lib/universal/events/client-bus";
import type { ConsoleEvent } from "@/lib/universal/events/types";

/**
 * What became of held payments, as this page hears it from the console's live events (who decided one and when, or
 * that it timed out), for a decision dialog whose payment is decided while it is open: the queue's and a payment's
 * own page's. `onHeard` is told of every such event, after what it says was learnt. `learn` records the page's own decision,
 * which nothing heard later replaces.
 */
export function useHeardDepartures(onHeard?: (id: string, event: ConsoleEvent) => void) {
  const known = useRef(new Map<string, Departure>());
  // The latest one, read when an event comes: listening does not start again each time the page is drawn.
  const told = useRef(onHeard);
  useEffect(() => {
    told.current = onHeard;
  });
  const [departures, setDepartures] = useState<ReadonlyMap<string, Departure>>(new Map());

  const learn = useCallback((id: string, departure: Departure) => {
    known.current.set(id, departure);
    setDepartures((current) => new Map(current).set(id, departure));
  }, []);

  useEffect(
    () =>
      onConsoleEvent((event) => {
        const heard = departureOf(event, new Date());
        if (!heard) return;
        if (saysMore(heard.departure, known.current.get(heard.id))) learn(heard.id, heard.departure);
        told.current?.(heard.id, event);
      }),
    [learn],
  );

  return {
    /** What was learnt, drawn again with each. */
    departures,
    /** The same, read at once (by a callback that runs before the page is drawn again). */
    known,
    learn,
  };
}
