"use client";

import { useStoredPreference } from "./use-stored-preference";

/** The key a sign-out writes in this browser's storage: its other tabs hear it (the `storage` event) at once. */
const SIGNED_OUT_KEY = "console:signed-out";

/** Tells this browser's other tabs of the console that the person signed out (once the session is gone). */
export function tellOtherTabsOfSignOut(): void {
  try {
    localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
  } catch {
    // Storage refused (a private window's quota): the other tabs learn it at their next request instead.
  }
}

/**
 * Sends this tab to the sign-in page, saying why, as soon as another tab of the same browser signs out: its session
 * cookie is gone, so its next request would fail and be told only that the session "ended". Returns the function
 * that stops listening.
 */
export function leaveWhenSignedOutElsewhere(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SIGNED_OUT_KEY || event.newValue === null) return;
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/login?ended=signed-out&callbackUrl=${encodeURIComponent(here)}`);
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** How long before a page loaded a sign-out in another tab still explains why this page was refused. */
const LATELY_MS = 2 * 60_000;

const asStamp = (stored: string | null): string => stored ?? "";

/**
 * Whether a tab of this browser signed out lately: while this page is open, or in the two minutes before it loaded.
 * A tab whose own call was refused (the sign-out cleared the cookie it shares) can reach the sign-in page before
 * the tab that signed out has told the others; that page, told only that the session ended, asks this.
 */
export function useSignedOutHereLately(): boolean {
  const [stamp] = useStoredPreference(SIGNED_OUT_KEY, asStamp);
  const at = Number(stamp);
  return stamp !== "" && Number.isFinite(at) && at >= performance.timeOrigin - LATELY_MS;
}
