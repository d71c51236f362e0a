"use client";

import * as React from "react";
import { cn, focusRing } from "@/lib/utils";

/**
 * Tabs per the WAI-ARIA tabs pattern, small enough for every page's first load: a tablist whose selected tab is
 * the only one in the Tab order, Left/Right (wrapping), Home and End to move and select (automatic activation),
 * and a labelled tabpanel for the selected tab only. Controlled: `value` and `onValueChange`.
 */
type TabsContextValue = { value: string; onValueChange: (value: string) => void; baseId: string };

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error("Tabs parts must be inside <Tabs>");
  return context;
}

const idPart = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, "_");

export function Tabs({
  value,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const baseId = React.useId();
  const context = React.useMemo(() => ({ value, onValueChange, baseId }), [value, onValueChange, baseId]);
  return (
    <TabsContext.Provider value={context}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "inline-flex h-9 items-center gap-1 rounded-lg bg-zinc-100 p-1 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        const tabs = [
          ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
        ];
        const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
        if (current === -1) return;
        const target =
          event.key === "ArrowRight"
            ? tabs[(current + 1) % tabs.length]
            : event.key === "ArrowLeft"
              ? tabs[(current - 1 + tabs.length) % tabs.length]
              : event.key === "Home"
                ? tabs[0]
                : event.key === "End"
                  ? tabs[tabs.length - 1]
                  : undefined;
        if (!target) return;
        event.preventDefault();
        target.focus();
        target.click();
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${idPart(value)}`}
      aria-controls={`${tabs.baseId}-panel-${idPart(value)}`}
      aria-selected={selected}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex h-7 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors",
        "hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-50 dark:hover:text-zinc-100",
        "data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm",
        "dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-zinc-100",
        focusRing,
        "focus-visible:ring-offset-0",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !selected) tabs.onValueChange(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: React.ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${idPart(value)}`}
      aria-labelledby={`${tabs.baseId}-tab-${idPart(value)}`}
      data-state="active"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern (as Radix did): Tab from the tablist reaches the panel.
      tabIndex={0}
      className={cn("mt-4 rounded-md", focusRing, className)}
      {...props}
    />
  );
}
