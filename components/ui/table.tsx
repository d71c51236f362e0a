"use client";

import * as React from "react";
import { cn } from "@/lib/universal/utils";

/**
 * What a table wider than its box has out of sight, as `data-more-start` / `data-more-end` on its frame (which draws
 * the edge cues), read again as it scrolls and resizes. Written on the elements themselves, not in state: a scroll
 * re-renders nothing. While it scrolls, the box is a named region in the tab order (the browser scrolls a focused
 * box with the arrow keys): "Transactions, scrolls sideways"; a table that fits adds no tab stop.
 */
function useScrollEdges(
  frame: React.RefObject<HTMLDivElement | null>,
  box: React.RefObject<HTMLDivElement | null>,
) {
  React.useEffect(() => {
    const outer = frame.current;
    const scroller = box.current;
    if (!outer || !scroller) return;
    let queued = 0;
    const mark = (element: HTMLElement, name: string, on: boolean) => {
      if (on) element.setAttribute(name, "");
      else element.removeAttribute(name);
    };
    const measure = () => {
      queued = 0;
      const hidden = scroller.scrollWidth - scroller.clientWidth;
      const scrolls = hidden > 1;
      // scrollLeft is negative in a right-to-left page; its size is what lies before.
      const before = Math.abs(scroller.scrollLeft);
      mark(outer, "data-more-start", scrolls && before > 1);
      mark(outer, "data-more-end", scrolls && before < hidden - 1);
      if (scrolls && !scroller.hasAttribute("tabindex")) {
        scroller.setAttribute("tabindex", "0");
        scroller.setAttribute("role", "region");
        scroller.setAttribute("aria-label", `${tableName(scroller) || "Table"}, scrolls sideways`);
      } else if (!scrolls && scroller.hasAttribute("tabindex")) {
        for (const name of ["tabindex", "role", "aria-label"]) scroller.removeAttribute(name);
      }
    };
    const queue = () => {
      if (!queued) queued = requestAnimationFrame(measure);
    };
    measure();
    scroller.addEventListener("scroll", queue, { passive: true });
    // The box's width (the window, the sidebar) and the table's (rows arriving, columns shown) both change what fits.
    const resized = new ResizeObserver(queue);
    resized.observe(scroller);
    const table = scroller.firstElementChild;
    if (table) resized.observe(table);
    return () => {
      cancelAnimationFrame(queued);
      scroller.removeEventListener("scroll", queue);
      resized.disconnect();
    };
  }, [frame, box]);
}

/** The table's own name: its aria-label, the element its aria-labelledby names, or its caption. */
function tableName(box: HTMLElement): string {
  const table = box.querySelector("table");
  if (!table) return "";
  const label = table.getAttribute("aria-label");
  if (label) return label;
  const labelledBy = table.getAttribute("aria-labelledby");
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" ")
      .trim();
  }
  return table.querySelector("caption")?.textContent?.trim() ?? "";
}

// The edge cues: a shade on each side that has more, over the rows (and under nothing people press); a table with a
// sticky column of row actions (STICKY_END_CELL) draws its end cue on that column's edge instead.
const FRAME = cn(
  // min-w-0: a flex or grid item no wider than its box, as the scrolling box was when it was the item itself.
  "group/scroll relative w-full min-w-0",
  "before:pointer-events-none before:absolute before:inset-y-0 before:left-0 before:z-[2] before:w-8 before:bg-linear-to-r before:from-zinc-950/20 before:to-transparent before:opacity-0 before:transition-opacity before:content-[''] data-more-start:before:opacity-100 dark:before:from-black/60",
  "after:pointer-events-none after:absolute after:inset-y-0 after:right-0 after:z-[2] after:w-8 after:bg-linear-to-l after:from-zinc-950/20 after:to-transparent after:opacity-0 after:transition-opacity after:content-[''] data-more-end:after:opacity-100 dark:after:from-black/60 has-[[data-sticky-end]]:after:hidden",
);

/**
 * The cell classes of a column kept in sight at the right edge while the rest scrolls beneath it (a row's buttons):
 * opaque, as the row is, with a shade on its left edge while more lies under it. Give its cells `data-sticky-end`.
 */
export const STICKY_END_CELL = cn(
  "sticky right-0 z-[1] bg-white dark:bg-zinc-900",
  // The shade, drawn beside the cell by its own ::before (no element per row), as the frame draws its cues.
  "before:pointer-events-none before:absolute before:inset-y-0 before:right-full before:w-6 before:bg-linear-to-l before:from-zinc-950/20 before:to-transparent before:opacity-0 before:transition-opacity before:content-[''] group-data-more-end/scroll:before:opacity-100 dark:before:from-black/60",
);
/** The same for its header cell, in the header's colour. */
export const STICKY_END_HEAD = cn(STICKY_END_CELL, "bg-zinc-50 dark:bg-zinc-900");

export function Table({
  className,
  containerClassName,
  ...props
}: React.ComponentProps<"table"> & { containerClassName?: string }) {
  const frame = React.useRef<HTMLDivElement>(null);
  const box = React.useRef<HTMLDivElement>(null);
  useScrollEdges(frame, box);
  return (
    <div ref={frame} className={FRAME}>
      <div
        ref={box}
        className={cn(
          // relative: what is placed inside the rows (a hidden label, a cell's shade) is clipped to the box too.
          "relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
          containerClassName,
        )}
      >
        <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
      </div>
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      className={cn(
        "bg-zinc-50 dark:bg-zinc-900/60 [&_tr]:border-b [&_tr]:border-zinc-200 dark:[&_tr]:border-zinc-800",
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      className={cn(
        "border-b border-zinc-200 transition-colors data-[state=selected]:bg-zinc-100 dark:border-zinc-800 dark:data-[state=selected]:bg-zinc-800",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, scope = "col", ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-zinc-500 uppercase tracking-wide dark:text-zinc-400",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-middle", className)} {...props} />;
}
