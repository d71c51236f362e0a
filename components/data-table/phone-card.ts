import type { DataTableColumnMeta } from "./columns";

/*
 * A table whose rows are cards below Tailwind's `sm` (DataTable's `phoneCards`): each row a two-column grid, the
 * cells placed by their column's `phone` meta, the headers kept for screen readers only. The table keeps its rows,
 * cells and headers, so it reads as a table; nothing is off to the side, where a phone would hide a row's amount
 * and status behind a sideways scroll. The rules are in app/globals.css ("Cards on a phone"), keyed by two short
 * attributes, so a list's document carries a few bytes per cell rather than a class list.
 */

/** A cell's place in its row's card (`data-phone`: its line, `end` or `wide`), and its label when it has one. */
export function phoneCardCell(meta: DataTableColumnMeta): {
  "data-phone": string;
  "data-phone-label"?: string;
} {
  const phone = meta.phone ?? {};
  const place = [String(phone.line ?? 4), phone.end ? "end" : phone.wide ? "wide" : ""].join(" ").trim();
  return phone.label ? { "data-phone": place, "data-phone-label": phone.label } : { "data-phone": place };
}
