import { cn } from "@/lib/universal/utils";
import type { DataTableColumnMeta } from "./columns";

/*
 * A table whose rows are cards below Tailwind's `sm` (DataTable's `phoneCards`): each row a two-column grid, the
 * cells placed by their column's `phone` meta, the headers kept for screen readers only. The table keeps its rows,
 * cells and headers, so it reads as a table; nothing is off to the side, where a phone would hide a row's amount
 * and status behind a sideways scroll.
 */
export const PHONE_CARD_TABLE = "max-sm:block";
export const PHONE_CARD_HEADER = "max-sm:sr-only";
export const PHONE_CARD_BODY = "max-sm:block";
export const PHONE_CARD_ROW =
  "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:grid-flow-row-dense max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3";

// Literal classes, so Tailwind finds them: a line's order among the card's cells.
const LINE = {
  1: "max-sm:order-1",
  2: "max-sm:order-2",
  3: "max-sm:order-3",
  4: "max-sm:order-4",
} as const;

/** A cell's place in its row's card, and its label above it when the column gives one. */
export function phoneCardCell(meta: DataTableColumnMeta): { className: string; "data-phone-label"?: string } {
  const phone = meta.phone ?? {};
  const className = cn(
    "max-sm:block max-sm:min-w-0 max-sm:p-0",
    phone.end
      ? "max-sm:col-start-2 max-sm:text-right"
      : phone.wide
        ? "max-sm:col-span-2 max-sm:col-start-1"
        : "max-sm:col-start-1",
    LINE[phone.line ?? 4],
    phone.label &&
      "max-sm:before:block max-sm:before:text-[11px] max-sm:before:font-medium max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-zinc-500 max-sm:before:content-[attr(data-phone-label)] dark:max-sm:before:text-zinc-400",
  );
  return phone.label ? { className, "data-phone-label": phone.label } : { className };
}
