"use client";

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
