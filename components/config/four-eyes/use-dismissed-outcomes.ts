"use client";

import { useCallback, useEffect, useState } from "react";

const MAX_KEPT = 100;
const keyFor = (email: string) => `console:proposal-outcomes-dismissed:${email.toLowerCase()}`;

/**
 * The proposal outcomes this person dismissed, kept in this browser, so that what another admin made of their
 * proposal is said once when they come back, not on every visit. Null until read (after the first render, so the
 * server's page and the browser's first agree).
 */
export function useDismissedOutcomes(email: string): {
  dismissed: ReadonlySet<string> | null;
  dismiss: (id: string) => void;
} {
  const [dismissed, setDismissed] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let ids: string[] = [];
    try {
      const parsed: unknown = JSON.parse(window.localStorage.getItem(keyFor(email)) ?? "[]");
      if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === "string");
    } catch {
      // Unreadable or unavailable storage: nothing dismissed yet.
    }
    setDismissed(new Set(ids));
  }, [email]);
  const dismiss = useCallback(
    (id: string) => {
      setDismissed((before) => {
        const ids = [...(before ?? []).values(), id].slice(-MAX_KEPT);
        try {
          window.localStorage.setItem(keyFor(email), JSON.stringify(ids));
        } catch {
          // Not kept past this page: it is said again on the next visit.
        }
        return new Set(ids);
      });
    },
    [email],
  );
  return { dismissed, dismiss };
}
