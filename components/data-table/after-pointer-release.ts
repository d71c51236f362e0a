"use client";

/**
 * Runs work that moves the page (a filter narrowing a list) only when no pointer is pressed. A click is a press
 * and a release on the same element: a list that re-renders between the two (the search box losing focus to the
 * press commits its text) moves the button away from under the pointer, and the click is lost. Work asked for
 * while a pointer is down runs just after the release's click has been dispatched.
 */
let pressed = false;
let waiting: Array<() => void> = [];
let listening = false;

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  // Capture, so the state is known before any handler (and before the focus change a press causes).
  document.addEventListener("pointerdown", () => (pressed = true), true);
  const release = () => {
    if (!pressed) return;
    pressed = false;
    // A task, not a microtask: the click that follows the release is dispatched first.
    setTimeout(() => {
      const run = waiting;
      waiting = [];
      for (const work of run) work();
    }, 0);
  };
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
}

export function afterPointerRelease(work: () => void): void {
  listen();
  if (pressed) waiting.push(work);
  else work();
}

/** Starts tracking presses; called when a component that defers work mounts, before the first press. */
export function trackPointerPresses(): void {
  listen();
}
