"use client";

import * as React from "react";
import { createPortal } from "react-dom";

const OPEN_DELAY_MS = 200;
/** Moving from one tooltip to the next within this time opens the next at once, as a shared provider would. */
const SKIP_DELAY_MS = 300;
const OFFSET_PX = 6;
const COLLISION_PADDING_PX = 8;

type Side = "top" | "right" | "bottom" | "left";

let lastClosedAt = 0;

/** The handlers and description the tooltip adds to its child, composed with the child's own. */
type TriggerProps = {
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: React.PointerEvent<HTMLElement>) => void;
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/** The open tooltip, in a portal on the body, placed beside `anchor`; closed by Escape before anything else hears it. */
export function TooltipContent({
  id,
  anchor,
  side,
  onEscape,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  side: Side;
  onEscape: () => void;
  children: React.ReactNode;
}) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [position, setPosition] = React.useState<{ top: number; left: number } | null>(null);
  React.useLayoutEffect(() => {
    const tip = ref.current;
    if (!tip) return;
    let current = true;
    // Floating UI places it (offset, flipped to the other side when it does not fit, shifted inside the viewport),
    // loaded when a tooltip first opens: no page's first load carries it (docs/decisions/0065).
    void import("@floating-ui/dom")
      .then(({ computePosition, flip, offset, shift }) =>
        computePosition(anchor, tip, {
          placement: side,
          strategy: "fixed",
          middleware: [
            offset(OFFSET_PX),
            // Neither side fits (a phone's navigation sheet, the side tooltip of a locked area): above or below.
            flip({ padding: COLLISION_PADDING_PX, fallbackAxisSideDirection: "end" }),
            shift({ padding: COLLISION_PADDING_PX }),
          ],
        }),
      )
      .then(({ x, y }) => {
        if (current) setPosition({ top: y, left: x });
      });
    return () => {
      current = false;
    };
  }, [anchor, side]);
  React.useEffect(() => {
    // Escape closes the tooltip alone (a sheet or dialog under it stays open), as a layered tooltip does: heard on
    // the window, in the capture phase, before the document's listeners.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      event.preventDefault();
      onEscape();
    };
    // A scrolled page leaves the tooltip behind: close it.
    const onScroll = () => onEscape();
    window.addEventListener("keydown", onKeyDown, true);
    window.addEventListener("scroll", onScroll, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      window.removeEventListener("scroll", onScroll, true);
    };
  }, [onEscape]);
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={{
        position: "fixed",
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        visibility: position ? "visible" : "hidden",
      }}
      className="pointer-events-none z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-zinc-50 shadow-md dark:bg-zinc-100 dark:text-zinc-900"
    >
      {children}
    </div>,
    document.body,
  );
}

/**
 * When a tooltip opens and closes, for one trigger (SimpleTooltip) or for every trigger inside a list
 * (useDelegatedTooltips): after a short hover, or at once on keyboard focus or when moving from one tooltip to the
 * next; closed on leaving (unless the trigger keeps keyboard focus), blur, a press or Escape.
 */
export function useTooltipAnchor() {
  const [anchor, setAnchor] = React.useState<HTMLElement | null>(null);
  const timer = React.useRef<number | undefined>(undefined);
  const close = React.useCallback(() => {
    window.clearTimeout(timer.current);
    setAnchor((open) => {
      if (open) lastClosedAt = Date.now();
      return null;
    });
  }, []);
  React.useEffect(() => () => window.clearTimeout(timer.current), []);
  // A fresh object each render, not memoised: a list draws dozens of these, each a hook fewer.
  return {
    anchor,
    close,
    /** The pointer came over `element` (a mouse or pen: a touch opens nothing). */
    pointed(element: HTMLElement, pointerType: string) {
      if (pointerType === "touch") return;
      window.clearTimeout(timer.current);
      if (Date.now() - lastClosedAt < SKIP_DELAY_MS) setAnchor(element);
      else timer.current = window.setTimeout(() => setAnchor(element), OPEN_DELAY_MS);
    },
    /** The pointer left `element`: it stays open while the element has keyboard focus. */
    left(element: HTMLElement) {
      // Keyboard focus, not the focus a mouse press leaves behind: a pressed trigger's tooltip closes as the pointer goes.
      if (document.activeElement !== element || !element.matches(":focus-visible")) close();
      else window.clearTimeout(timer.current);
    },
    /** `element` was pressed (a tap too): opens at once, for a trigger whose tooltip says why it does nothing. */
    pressed(element: HTMLElement) {
      window.clearTimeout(timer.current);
      setAnchor(element);
    },
    /** `element` took focus: keyboard focus opens it at once; focus that follows a press does not. */
    focused(element: HTMLElement) {
      if (!element.matches(":focus-visible")) return;
      window.clearTimeout(timer.current);
      setAnchor(element);
    },
  };
}

/**
 * A tooltip on one focusable child. It opens after a short hover or at once on keyboard focus (and on a press, with
 * `openOnPress`), closes on leaving, blur, a press or Escape (which closes the tooltip alone), sits on the requested
 * side (flipped, or above or below when neither side fits, and shifted to stay in the viewport) and is announced: the
 * open tooltip (role="tooltip") describes its control through aria-describedby. Moving from one tooltip to the next
 * opens the next at once.
 *
 * The console's own and not Radix's (docs/decisions/0040): a closed tooltip is its child with five handlers added,
 * no provider, context or extra element, and no positioning library in any page's first load. A list draws forty
 * of these, and Radix's closed tooltips (a root, a popper scope and a trigger each) were a large share of its
 * hydration on a slow machine.
 *
 * The text is supplementary: whatever it says must also reach people who never hover (a label, visually hidden
 * text or aria-describedby on the child).
 */
export function SimpleTooltip({
  content,
  side = "top",
  openOnPress = false,
  children,
}: {
  content: React.ReactNode;
  side?: Side;
  /** A press opens it instead of closing it: the trigger is unavailable and the tooltip says why (a tap too). */
  openOnPress?: boolean;
  children: React.ReactElement;
}) {
  const tooltip = useTooltipAnchor();
  const { anchor, close } = tooltip;
  const id = React.useId();

  const own = children.props as TriggerProps;
  const trigger = React.cloneElement(children as React.ReactElement<TriggerProps>, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      tooltip.pointed(event.currentTarget, event.pointerType);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      tooltip.left(event.currentTarget);
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      close();
    },
    onClick: (event) => {
      own.onClick?.(event);
      if (openOnPress) tooltip.pressed(event.currentTarget);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      tooltip.focused(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
    "aria-describedby": anchor
      ? [own["aria-describedby"], id].filter(Boolean).join(" ")
      : own["aria-describedby"],
  });
  return (
    <>
      {trigger}
      {anchor ? (
        <TooltipContent id={id} anchor={anchor} side={side} onEscape={close}>
          {content}
        </TooltipContent>
      ) : null}
    </>
  );
}
