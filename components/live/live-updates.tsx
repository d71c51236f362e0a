"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { emitConsoleEvent } from "@/lib/events/client-bus";
import { keysAnyEventChanges, LIVE_EVENT } from "@/lib/events/live-event";
import type { ConsoleEvent } from "@/lib/events/types";
import { keysForEvent } from "@/lib/payments/keys";

/**
 * Listens to the console's server-sent events and marks the affected queries stale, so every open page shows
 * changes made anywhere (another officer, a webhook, the sandbox) without a reload. Each time the stream becomes
 * live — when it opens, after the browser reconnects, after the console's own database connection comes back — it
 * refreshes everything an event could have changed: what happened before that was not announced to this page.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/events");
    source.addEventListener(LIVE_EVENT, () => {
      // A request already under way goes on (cancelling the page's first load would only delay it).
      for (const queryKey of keysAnyEventChanges())
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    });
    source.onmessage = (message) => {
      let event: ConsoleEvent;
      try {
        event = JSON.parse(message.data) as ConsoleEvent;
      } catch {
        return;
      }
      for (const queryKey of keysForEvent(event)) void queryClient.invalidateQueries({ queryKey });
      emitConsoleEvent(event);
    };
    return () => source.close();
  }, [queryClient]);
  return null;
}
