"use client";

/** The parts of a page an element belongs to: where focus goes when the element itself cannot take it. */
const REGION = 'main, section, form, [role="region"], [role="group"], [aria-labelledby]';

/** The nearest part of the page that holds `element` (not the element itself). */
export function regionOf(element: Element): Element | null {
  return element.parentElement?.closest(REGION) ?? null;
}

/**
 * Focuses `target`; when it cannot take focus (gone from the page, or disabled since: a Discard with nothing left to
 * discard), the part of the page it was in takes it instead (`region`, else the page's main content), made focusable
 * for the purpose, rather than the page's body, where the next Tab starts over from the top.
 */
export function focusOrNearby(target: HTMLElement | null | undefined, region?: Element | null): void {
  target?.focus();
  if (target && document.activeElement === target) return;
  const within = target?.isConnected ? regionOf(target) : null;
  const fallback = within ?? (region?.isConnected ? region : null) ?? document.querySelector("main");
  if (!(fallback instanceof HTMLElement)) return;
  if (!fallback.hasAttribute("tabindex")) fallback.setAttribute("tabindex", "-1");
  // Drawn with a ring while focused from the keyboard (app/globals.css), as any control is.
  fallback.setAttribute("data-focus-fallback", "");
  fallback.focus({ preventScroll: true });
}

/** How long the page has to put focus somewhere itself (a dialog gives it back, a list to its next row). */
const GRACE_MS = 100;

/** A dialog (or a popover, which Radix also names a dialog): it gives focus back itself when it closes. */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Watches for the focused control being taken off the page (a proposal's card gone once decided, a panel
 * dismissed): when nothing has put focus anywhere after GRACE_MS, the nearest part of the page that held the control
 * and is still there takes it, instead of the page's body. Returns the function that stops watching.
 *
 * A control inside a dialog is left to the dialog: it goes with the dialog when it closes, and the dialog gives focus
 * back to what opened it (components/ui/dialog.tsx, useReturnFocus) once Radix's clean-up runs, which on a busy page
 * can be later than GRACE_MS. Taking focus to the page first would read to the dialog as the person having moved on.
 */
export function keepFocusWhenRemoved(): () => void {
  let last: Element | null = null;
  let dialog: Element | null = null;
  let regions: Element[] = [];
  let timer: number | undefined;
  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || event.target === document.body) return;
    last = event.target;
    dialog = last.closest(DIALOG);
    regions = [];
    for (let region = regionOf(last); region; region = regionOf(region)) regions.push(region);
  };
  const check = () => {
    timer = undefined;
    const active = document.activeElement;
    if (!last || last.isConnected || (active && active !== document.body)) return;
    // Closed with its dialog: the dialog gives focus back. A control gone from a dialog still open is found a place.
    if (dialog && !dialog.isConnected) return;
    last = null;
    focusOrNearby(
      null,
      regions.find((region) => region.isConnected),
    );
  };
  const observer = new MutationObserver(() => {
    if (timer === undefined && last && !last.isConnected) timer = window.setTimeout(check, GRACE_MS);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", onFocusIn);
  return () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
