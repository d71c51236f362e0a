"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import type * as React from "react";

const OPEN_DELAY_MS = 200;

/**
 * A tooltip on one focusable child: Radix Tooltip, styled. It opens after a short hover or at once on keyboard
 * focus, closes on leaving, blur, a press or Escape, sits on the requested side (flipping and shifting to stay in
 * the viewport) and is announced: the open tooltip (role="tooltip") describes its control through
 * aria-describedby. Each tooltip carries its own provider, so the root layout needs none.
 *
 * The text is supplementary: whatever it says must also reach people who never hover (a label, visually hidden
 * text or aria-describedby on the child).
 */
export function SimpleTooltip({
  content,
  side = "top",
  children,
}: {
  content: React.ReactNode;
  side?: React.ComponentProps<typeof TooltipPrimitive.Content>["side"];
  children: React.ReactElement;
}) {
  return (
    <TooltipPrimitive.Provider delayDuration={OPEN_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-zinc-50 shadow-md dark:bg-zinc-100 dark:text-zinc-900"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
