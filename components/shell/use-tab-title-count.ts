"use client";

import * as React from "react";

const COUNT_PREFIX = /^\(\S+\) /;

/**
 * Puts how many payments wait in the tab's title, "(3) Approvals · Payments console", so a person working in
 * another tab sees the queue grow. Next.js sets the page's title on every navigation; the prefix is put back
 * whenever the title changes, and removed when nothing waits.
 */
export function useTabTitleCount(count: string | undefined): void {
  React.useEffect(() => {
    const apply = () => {
      const base = document.title.replace(COUNT_PREFIX, "");
      const next = count ? `(${count}) ${base}` : base;
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, "");
    };
  }, [count]);
}
