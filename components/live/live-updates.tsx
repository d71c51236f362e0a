"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { emitConsoleEvent } from "@/lib/events/client-bus";
import type { ConsoleEvent } from "@/lib/events/types";
import { keysForWebhookType, queryKeys } from "@/lib/payments/keys";

/**
 * Listens to the console's server-sent events and marks the affected queries stale, so every open page shows
 * changes made anywhere (another officer, a webhook, the sandbox) without a reload.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/events");
    source.onmessage = (message) => {
      let event: ConsoleEvent;
      try {
        event = JSON.parse(message.data) as ConsoleEvent;
      } catch {
        return;
      }
      const keys =
        event.kind === "webhook"
          ? [...keysForWebhookType(event.type), queryKeys.webhooks]
          : [queryKeys.approvals, queryKeys.transactions, queryKeys.accounts];
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      emitConsoleEvent(event);
    };
    return () => source.close();
  }, [queryClient]);
  return null;
}
