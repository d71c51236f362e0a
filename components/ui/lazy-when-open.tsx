"use client";

import * as React from "react";

/**
 * A dialog whose code (and the form, validation and Radix primitives in it) is downloaded when it is first opened,
 * not with the page. Until then it renders nothing; once opened it stays mounted, so it closes with its normal
 * behaviour and reopens at once. `preload` starts the download early (on hover or focus of the trigger).
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  /** Whether the props say the dialog is open; `props.open` unless given (a sheet open while it has a row, say). */
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
) {
  let pending: Promise<{ default: React.ComponentType<P> }> | undefined;
  const fetchComponent = () => {
    pending ??= load().then((component) => ({ default: component }));
    // A failed download is tried again the next time instead of being remembered.
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  const Loaded = React.lazy(fetchComponent);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, so the component is stable.
  function LazyWhenOpen(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = React.useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <React.Suspense fallback={null}>
        <Loaded {...(props as P & React.JSX.IntrinsicAttributes)} />
      </React.Suspense>
    );
  }
  const preload = () => {
    void fetchComponent().catch(() => undefined);
  };
  return Object.assign(LazyWhenOpen, {
    preload,
    /** Props for the trigger that start the download on hover or focus; none when the trigger cannot open it. */
    preloadOn: (enabled = true) => (enabled ? { onPointerEnter: preload, onFocus: preload } : {}),
  });
}
