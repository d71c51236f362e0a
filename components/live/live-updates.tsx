"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { whenIdle } from "@/lib/client/browser/when-idle";
import { refreshQueries } from "@/lib/client/events/refresh";
import { emitConsoleEvent } from "@/lib/universal/events/client-bus";
import { keysForEvent } from "@/lib/universal/events/event-keys";
import { keysAnyEventChanges, LIVE_EVENT } from "@/lib/universal/events/live-event";
import type { ConsoleEvent } from "@/lib/universal/events/types";

/**
 * Listens to the console's server-sent events and marks the affected queries stale, so every open page shows
 * changes made anywhere (another officer, a webhook, the sandbox) without a reload. Each time the stream becomes
 * live — when it opens, after the browser reconnects, after the console's own database connection comes back — it
 * refreshes everything an event could have changed: what happened before that was not announced to this page. The
 * stream opens once the page is idle after its first load.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    // Opened once the page is idle: the stream's catch-up refetches what the page shows, which would otherwise
    // compete with the page's own hydration for the main thread. The page's data is seconds old at that point.
    const cancel = whenIdle(() => {
      source = listen(queryClient);
    });
    return () => {
      cancel();
      source?.close();
    };
  }, [queryClient]);
  return null;
}

function listen(queryClient: QueryClient): EventSource {
  const source = new EventSource("/api/events");
  source.addEventListener(LIVE_EVENT, () => {
    // A request already under way goes on (cancelling the page's first load would only delay it), and is followed
    // by one made after this moment: it may have been answered before a change this stream did not announce.
    for (const queryKey of keysAnyEventChanges())
      void refreshQueries(queryClient, queryKey, { cancelRefetch: false });
  });
  source.onmessage = (message) => {
    let event: ConsoleEvent;
    try {
      event = JSON.parse(message.data) as ConsoleEvent;
    } catch {
      return;
    }
    for (const queryKey of keysForEvent(event))
      void refreshQueries(queryClient, queryKey, { cancelRefetch: true });
    emitConsoleEvent(event);
  };
  return source;
}
