"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type Departure, departureOf, saysMore } from "@/lib/universal/approvals/departure";
import { onConsoleEvent } from "@/lib/universal/events/client-bus";
import type { ConsoleEvent } from "@/lib/universal/events/types";

/** At most this many payments' departures are kept for the tab's pages (the newest). */
const KEPT = 500;

/**
 * What this browser tab heard of held payments since it opened, whichever page was showing: a queue opened again
 * (after deciding a payment on its own page, say) knows who decided the payments it held, itself included.
 */
const heardInThisTab = new Map<string, Departure>();
let listening = false;

function remember(id: string, departure: Departure) {
  heardInThisTab.delete(id);
  heardInThisTab.set(id, departure);
  if (heardInThisTab.size > KEPT) {
    const oldest = heardInThisTab.keys().next().value;
    if (oldest !== undefined) heardInThisTab.delete(oldest);
  }
}

function listenForTheTab() {
  if (listening) return;
  listening = true;
  onConsoleEvent((event) => {
    const heard = departureOf(event, new Date());
    if (heard && saysMore(heard.departure, heardInThisTab.get(heard.id))) remember(heard.id, heard.departure);
  });
}

/**
 * What became of held payments, as this page hears it from the console's live events (who decided one and when, or
 * that it timed out), for a decision dialog whose payment is decided while it is open: the queue's and a payment's
 * own page's. `onHeard` is told of every such event, after what it says was learnt. `learn` records the page's own decision,
 * which nothing heard later replaces.
 */
export function useHeardDepartures(onHeard?: (id: string, event: ConsoleEvent) => void) {
  // What the tab heard before this page was opened, then what it hears.
  const known = useRef(new Map<string, Departure>(heardInThisTab));
  // The latest one, read when an event comes: listening does not start again each time the page is drawn.
  const told = useRef(onHeard);
  useEffect(() => {
    told.current = onHeard;
  });
  const [departures, setDepartures] = useState<ReadonlyMap<string, Departure>>(new Map());

  const learn = useCallback((id: string, departure: Departure) => {
    known.current.set(id, departure);
    remember(id, departure);
    setDepartures((current) => new Map(current).set(id, departure));
  }, []);

  useEffect(listenForTheTab, []);
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
