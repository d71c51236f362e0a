import * as React from "react";

const noopSubscribe = () => () => {};

/** True after hydration: for what only the browser knows (the theme, the keyboard), so the server's HTML matches. */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
