"use client";

import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import type { SandboxExchange } from "@/lib/payments/sandbox";

const STORAGE_KEY = "sandbox-console-log";
const MAX_ENTRIES = 50;

const storedLogSchema = z.array(
  z.object({
    id: z.string(),
    action: z.string(),
    at: z.string(),
    request: z.object({ method: z.enum(["GET", "POST"]), path: z.string(), body: z.unknown().optional() }),
    response: z.object({ status: z.number(), body: z.unknown() }),
    ok: z.boolean(),
  }),
);

function read(): SandboxExchange[] {
  try {
    const parsed = storedLogSchema.safeParse(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

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
    setEntries(read());
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
