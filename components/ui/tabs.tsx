"use client";

import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn, focusRing } from "@/lib/universal/utils";

/**
 * Radix Tabs, styled, per the WAI-ARIA tabs pattern: the selected tab alone is in the Tab order, Left/Right (wrapping),
 * Home and End move and select (automatic activation), and only the selected tab's panel is rendered, labelled by
 * its tab. Controlled: `value` and `onValueChange`.
 */
export function Tabs(
  props: Omit<React.ComponentProps<typeof TabsPrimitive.Root>, "defaultValue" | "value" | "onValueChange"> & {
    value: string;
    onValueChange: (value: string) => void;
  },
) {
  return <TabsPrimitive.Root {...props} />;
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex min-h-9 max-w-full flex-wrap items-center gap-1 rounded-lg bg-zinc-100 p-1 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-7 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors",
        "hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-50 dark:hover:text-zinc-100",
        "data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm",
        "dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-zinc-100",
        focusRing,
        "focus-visible:ring-offset-0",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4 rounded-md", focusRing, className)} {...props} />;
}
