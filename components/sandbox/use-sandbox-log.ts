"use client";

import { useCallback, useEffect, useState } from "react";
import type { SandboxExchange } from "@/lib/client/api/sandbox";

import { MAX_ENTRIES, STORAGE_KEY } from "./sandbox-log-storage";

function write(entries: SandboxExchange[]) {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // A full or disabled storage only costs the log its survival across reloads.
  }
}

/**
 * The sandbox console's log of actions, newest first. Kept in this tab's session storage, so a reload or a visit to
 * the approval queue and back does not lose it, and nothing outlives the tab.
 */
export function useSandboxLog() {
  const [entries, setEntries] = useState<SandboxExchange[]>([]);

  useEffect(() => {
    // The stored log is checked with zod, downloaded here rather than with the page. Actions taken meanwhile
    // stay first.
    let cancelled = false;
    void import("./sandbox-log-schema").then(({ readStoredLog }) => {
      if (cancelled) return;
      const stored = readStoredLog();
      setEntries((current) => {
        if (current.length === 0) return stored;
        const next = [...current, ...stored].slice(0, MAX_ENTRIES);
        write(next);
        return next;
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const add = useCallback((exchange: SandboxExchange) => {
    setEntries((current) => {
      const next = [exchange, ...current].slice(0, MAX_ENTRIES);
      write(next);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    write([]);
    setEntries([]);
  }, []);

  return { entries, add, clear };
}
