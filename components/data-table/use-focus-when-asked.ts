"use client";

import * as React from "react";

/**
 * For a filter whose field gives way to its chosen value and back: `ask()` before the change, and the element the
 * returned ref receives next (the field back, once the value is lifted) takes the focus.
 */
export function useFocusWhenAsked<T extends HTMLElement>(): {
  ask: () => void;
  ref: (element: T | null) => void;
} {
  const asked = React.useRef(false);
  const ref = React.useCallback((element: T | null) => {
    if (element && asked.current) {
      asked.current = false;
      element.focus();
    }
  }, []);
  const ask = React.useCallback(() => {
    asked.current = true;
  }, []);
  return { ask, ref };
}
