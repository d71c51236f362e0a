"use client";

import * as React from "react";
import { COPIED_FOR_MS, copyToClipboard } from "@/components/ui/copy-button";
import { TooltipContent, useTooltipAnchor } from "@/components/ui/tooltip";

/** The element a tooltip belongs to: `data-tooltip` holds its text (`data-tooltip-mono`: an id, in monospace). */
function triggerOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>("[data-tooltip]") : null;
}

/**
 * The tooltips and copy buttons of a table's rows, handled once for the table instead of in every row: a row's
 * elements say what they need in attributes (`data-tooltip`, and `data-copy` with `data-copy-label` on a copy
 * button), and the events that reach the table open the one tooltip, copy and say so. A list of twenty payments had
 * forty tooltips and twenty copy buttons, each with its own state, handlers and effects to hydrate as the page
 * loaded; they behave as SimpleTooltip and CopyButton do (components/ui): a tooltip opens after a short hover or at
 * once on keyboard focus, describes its control while open and closes on Escape; a copy shows in the button's
 * colour, its tooltip, a toast and an announcement.
 *
 * Its own component, so that a tooltip opening re-renders this and not the table's rows (`children`).
 */
export function RowTools({ className, children }: { className?: string; children: React.ReactNode }) {
  const tooltip = useTooltipAnchor();
  const { anchor, close } = tooltip;
  const id = React.useId();
  const hovered = React.useRef<HTMLElement | null>(null);
  // The last copy, a new object each time: copying the same button again starts its two seconds again.
  const [copied, setCopied] = React.useState<{ button: HTMLElement } | null>(null);
  const [announcement, setAnnouncement] = React.useState("");

  const container = React.useRef<HTMLDivElement>(null);

  // The open tooltip describes its control, as SimpleTooltip's aria-describedby does, and closes when its control
  // leaves the page (another page of the list, a refreshed row): the browser sends no blur for that.
  React.useEffect(() => {
    if (!anchor) return;
    const before = anchor.getAttribute("aria-describedby");
    anchor.setAttribute("aria-describedby", before ? `${before} ${id}` : id);
    const gone = new MutationObserver(() => {
      if (!anchor.isConnected) close();
    });
    if (container.current) gone.observe(container.current, { childList: true, subtree: true });
    return () => {
      gone.disconnect();
      if (before === null) anchor.removeAttribute("aria-describedby");
      else anchor.setAttribute("aria-describedby", before);
    };
  }, [anchor, id, close]);

  // A copied button is marked `data-copied` (its class's data-copied: colours it) for as long as it is the last copy,
  // two seconds at most: the row is not re-rendered for it.
  React.useEffect(() => {
    if (!copied) return;
    const { button } = copied;
    button.setAttribute("data-copied", "");
    const done = window.setTimeout(() => {
      setCopied(null);
      setAnnouncement("");
    }, COPIED_FOR_MS);
    return () => {
      window.clearTimeout(done);
      button.removeAttribute("data-copied");
    };
  }, [copied]);

  const copy = async (button: HTMLElement) => {
    const value = button.dataset.copy;
    if (value === undefined) return;
    if (!(await copyToClipboard(value, button.dataset.copyLabel ?? "value"))) return;
    setCopied({ button });
    // Emptying first makes a second copy announce again.
    setAnnouncement("");
    requestAnimationFrame(() => setAnnouncement("Copied"));
  };

  let content: React.ReactNode = null;
  if (anchor) {
    const text = anchor === copied?.button ? "Copied" : (anchor.dataset.tooltip ?? "");
    content =
      anchor.dataset.tooltipMono === undefined ? text : <span className="break-all font-mono">{text}</span>;
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the events are its rows' own links' and buttons', heard where they bubble; the keyboard reaches each of those controls itself.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a copy button's Enter and Space arrive here as its click.
    <div
      ref={container}
      className={className}
      onPointerOver={(event) => {
        const trigger = triggerOf(event.target);
        // Moving between a trigger's own children is still the same hover.
        if (trigger === hovered.current) return;
        hovered.current = trigger;
        if (trigger) tooltip.pointed(trigger, event.pointerType);
      }}
      onPointerOut={(event) => {
        const trigger = triggerOf(event.target);
        if (!trigger || (event.relatedTarget instanceof Node && trigger.contains(event.relatedTarget)))
          return;
        hovered.current = null;
        tooltip.left(trigger);
      }}
      onPointerDown={(event) => {
        if (triggerOf(event.target)) close();
      }}
      onFocus={(event) => {
        const trigger = triggerOf(event.target);
        if (trigger) tooltip.focused(trigger);
      }}
      onBlur={(event) => {
        if (triggerOf(event.target)) close();
      }}
      onClick={(event) => {
        const button =
          event.target instanceof Element ? event.target.closest<HTMLElement>("[data-copy]") : null;
        if (button) void copy(button);
      }}
    >
      {children}
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
      {anchor ? (
        <TooltipContent id={id} anchor={anchor} side="top" onEscape={close}>
          {content}
        </TooltipContent>
      ) : null}
    </div>
  );
}
