"use client";

import { type RefObject, useEffect } from "react";

/**
 * Keeps the page's focused control clear of a bar stuck to the bottom of the window: while `bar` is on the page, the
 * document's scroll padding at the bottom is the bar's height (and a gap), so a control reached by Tab scrolls up out
 * from under it rather than being typed into unseen. Measured as the bar's height changes (it wraps on a phone).
 */
export function useKeepFocusClearOf(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(element.getBoundingClientRect().height) + 16}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("scroll-padding-bottom");
    };
  }, [bar]);
}
