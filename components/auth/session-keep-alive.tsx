"use client";

import { useEffect } from "react";

/** How often, at most, a person's activity renews the session (Auth.js's own `updateAge`). */
const RENEW_AT_MOST_EVERY_MS = 60_000;

/** What counts as a person working: their own input, never the page's background refreshes. */
const ACTIVITY = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * Keeps the session alive while the person works on one page. The session cookie is renewed by page loads
 * (proxy.ts) but not by API calls, so an officer deciding payment after payment in the approval queue, or someone
 * filling a long form, would otherwise be signed out after SESSION_IDLE_MINUTES of work. Their input, at most once
 * a minute, asks Auth.js's session endpoint, which renews the cookie. Background polls and live updates do not count:
 * a page left open alone still ends its session when the idle time runs out.
 */
export function SessionKeepAlive() {
  useEffect(() => {
    // The page's own load renewed the session.
    let last = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - last < RENEW_AT_MOST_EVERY_MS) return;
      last = now;
      fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" }).catch(() => {
        // Offline for a moment: the next input tries again a minute later; API calls say if the session ended.
      });
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
  return null;
}
