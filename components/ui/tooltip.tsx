"use client";

import * as React from "react";
import { createPortal } from "react-dom";

/*
 * A small tooltip of our own instead of Radix Tooltip: the Radix one needs a provider in the root layout and brings
 * floating-ui's positioning engine (≈15 kB gzipped) into every page, for what is here always one line of text
 * next to one control. It behaves as the Radix one did: it opens after a short hover or at once on keyboard
 * focus, closes on leaving, blur, a press or Escape, sits on the requested side and flips to the other side when
 * there is no room, stays inside the viewport, and is announced: the open tooltip (role="tooltip") describes its
 * control through aria-describedby.
 */

type Side = "top" | "right" | "bottom" | "left";

const OPEN_DELAY_MS = 200;
const OFFSET_PX = 6;
const VIEWPORT_MARGIN_PX = 8;

type Position = { top: number; left: number; side: Side };

const OPPOSITE: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };

function place(trigger: DOMRect, tip: DOMRect, wanted: Side): Position {
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const room: Record<Side, number> = {
    top: trigger.top,
    bottom: vh - trigger.bottom,
    left: trigger.left,
    right: vw - trigger.right,
  };
  const need = wanted === "top" || wanted === "bottom" ? tip.height : tip.width;
  const side =
    room[wanted] >= need + OFFSET_PX || room[OPPOSITE[wanted]] < room[wanted] ? wanted : OPPOSITE[wanted];
  let top: number;
  let left: number;
  if (side === "top" || side === "bottom") {
    top = side === "top" ? trigger.top - tip.height - OFFSET_PX : trigger.bottom + OFFSET_PX;
    left = trigger.left + trigger.width / 2 - tip.width / 2;
  } else {
    left = side === "left" ? trigger.left - tip.width - OFFSET_PX : trigger.right + OFFSET_PX;
    top = trigger.top + trigger.height / 2 - tip.height / 2;
  }
  const clamp = (value: number, size: number, limit: number) =>
    Math.max(VIEWPORT_MARGIN_PX, Math.min(value, limit - size - VIEWPORT_MARGIN_PX));
  return { top: clamp(top, tip.height, vh), left: clamp(left, tip.width, vw), side };
}

type TriggerProps = {
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: React.KeyboardEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/**
 * A tooltip on one focusable child. The text is supplementary: whatever it says must also reach people who
 * never hover (a label, visually hidden text or aria-describedby on the child).
 */
export function SimpleTooltip({
  content,
  side = "top",
  children,
}: {
  content: React.ReactNode;
  side?: Side;
  children: React.ReactElement;
}) {
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const [position, setPosition] = React.useState<Position | null>(null);
  const triggerRef = React.useRef<HTMLElement | null>(null);
  const tipRef = React.useRef<HTMLDivElement | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = React.useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const hide = React.useCallback(() => {
    cancel();
    setOpen(false);
    setPosition(null);
  }, [cancel]);
  React.useEffect(() => cancel, [cancel]);

  React.useLayoutEffect(() => {
    if (!open || !triggerRef.current || !tipRef.current) return;
    const update = () => {
      if (!triggerRef.current || !tipRef.current) return;
      setPosition(
        place(triggerRef.current.getBoundingClientRect(), tipRef.current.getBoundingClientRect(), side),
      );
    };
    update();
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, side, hide]);

  const childProps = children.props as TriggerProps;
  const trigger = React.cloneElement(children as React.ReactElement<TriggerProps>, {
    onPointerEnter: (event) => {
      childProps.onPointerEnter?.(event);
      if (event.pointerType === "touch") return;
      triggerRef.current = event.currentTarget;
      cancel();
      timer.current = setTimeout(() => setOpen(true), OPEN_DELAY_MS);
    },
    onPointerLeave: (event) => {
      childProps.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event) => {
      childProps.onPointerDown?.(event);
      hide();
    },
    onFocus: (event) => {
      childProps.onFocus?.(event);
      triggerRef.current = event.currentTarget;
      // Keyboard focus only: a click focuses the control too, and the press itself closes the tooltip.
      if (event.currentTarget.matches(":focus-visible")) {
        cancel();
        setOpen(true);
      }
    },
    onBlur: (event) => {
      childProps.onBlur?.(event);
      hide();
    },
    "aria-describedby":
      [childProps["aria-describedby"], open ? id : undefined].filter(Boolean).join(" ") || undefined,
  });

  return (
    <>
      {trigger}
      {open
        ? createPortal(
            <div
              ref={tipRef}
              id={id}
              role="tooltip"
              data-side={position?.side ?? side}
              style={{
                position: "fixed",
                top: position?.top ?? 0,
                left: position?.left ?? 0,
                visibility: position ? "visible" : "hidden",
              }}
              className="pointer-events-none z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-zinc-50 shadow-md dark:bg-zinc-100 dark:text-zinc-900"
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
