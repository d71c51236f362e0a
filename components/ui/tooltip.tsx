"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import * as React from "react";

const OPEN_DELAY_MS = 200;

/**
 * One Radix tooltip provider for every tooltip below it (the console's shell holds it): each tooltip then carries no
 * provider of its own, and moving from one tooltip to the next opens the next at once, as Radix's shared provider
 * does.
 */
export function TooltipsProvider({ children }: { children: React.ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={OPEN_DELAY_MS}>{children}</TooltipPrimitive.Provider>;
}

/**
 * A tooltip on one focusable child: Radix Tooltip, styled. It opens after a short hover or at once on keyboard
 * focus, closes on leaving, blur, a press or Escape, sits on the requested side (flipping and shifting to stay in
 * the viewport) and is announced: the open tooltip (role="tooltip") describes its control through
 * aria-describedby. It needs a TooltipsProvider above it (every console page has the shell's; Radix throws without).
 *
 * A closed tooltip renders only its trigger: the portal and content (Radix's Presence with them) are mounted while
 * it is open. A list draws sixty of these, and their closed parts were a large share of its hydration on a slow
 * machine (docs/ARCHITECTURE.md, "What a page does while it hydrates").
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
  const [open, setOpen] = React.useState(false);
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      {open ? (
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
      ) : null}
    </TooltipPrimitive.Root>
  );
}
