"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import type * as React from "react";

type Side = "top" | "right" | "bottom" | "left";

/**
 * Radix Tooltip on one focusable child, styled: it opens after a short hover or at once on keyboard focus, closes on
 * leaving, blur, a press or Escape, flips and shifts to stay in the viewport, and describes its control while open.
 * Each tooltip carries its own provider, so no page or layout needs one. The text is supplementary: whatever it
 * says must also reach people who never hover (a label, visually hidden text or aria-describedby on the child).
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
  return (
    <TooltipPrimitive.Provider delayDuration={200} disableHoverableContent>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="pointer-events-none z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-zinc-50 shadow-md dark:bg-zinc-100 dark:text-zinc-900"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
