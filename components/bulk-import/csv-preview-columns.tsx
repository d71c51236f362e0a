import { CircleCheck, CircleX, TriangleAlert } from "lucide-react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import type { PreviewRow } from "@/lib/universal/bulk-import/preview";

const col = dataTableColumnHelper<PreviewRow>();

/** A cell as the service reads it, or a dash when empty. */
const cellText = (row: PreviewRow, name: string) => row.cells[name]?.trim() || "—";

/** The CSV preview's columns: the cells that matter, and the row's verdict with the cells at fault. */
export const csvPreviewColumns = col.columns([
  col.accessor("rowNumber", {
    header: "Row",
    meta: { headerClassName: "w-16", className: "tabular-nums text-zinc-500 dark:text-zinc-400" },
  }),
  col.display({
    id: "platformCustomerId",
    header: "Platform id",
    meta: { className: "font-mono text-xs" },
    cell: (info) => cellText(info.row.original, "platformCustomerId"),
  }),
  col.display({
    id: "customerType",
    header: "Type",
    meta: { className: "text-xs" },
    cell: (info) => cellText(info.row.original, "customerType"),
  }),
  col.display({
    id: "name",
    header: "Name",
    cell: (info) => {
      const { cells } = info.row.original;
      return cells.fullName?.trim() || cells.businessLegalName?.trim() || "—";
    },
  }),
  col.display({
    id: "accountType",
    header: "Account",
    meta: { className: "font-mono text-xs" },
    cell: (info) => cellText(info.row.original, "accountType"),
  }),
  col.display({
    id: "check",
    header: "Check",
    cell: (info) => {
      const { issues, repeatsRow } = info.row.original;
      const id = info.row.original.cells.platformCustomerId?.trim();
      // The service imports a repeated id as a customer of its own: a warning, not a refusal.
      if (issues.length === 0 && repeatsRow !== undefined)
        return (
          <div className="flex flex-col gap-1">
            <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800 dark:text-amber-300">
              <TriangleAlert aria-hidden="true" className="size-4" />
              Repeats row {repeatsRow}'s id
            </span>
            <span className="text-xs text-amber-900 dark:text-amber-200">
              Imported as a second customer with {id}
            </span>
          </div>
        );
      if (issues.length === 0)
        return (
          <span className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-400">
            <CircleCheck aria-hidden="true" className="size-4" />
            Valid
          </span>
        );
      return (
        <div className="flex flex-col gap-1">
          <span className="inline-flex items-center gap-1 text-sm font-medium text-red-700 dark:text-red-400">
            <CircleX aria-hidden="true" className="size-4" />
            {issues.length === 1 ? "1 problem" : `${issues.length} problems`}
          </span>
          <ul className="flex flex-col gap-0.5 text-xs text-red-800 dark:text-red-300">
            {issues.map((issue) => (
              <li key={`${issue.column}:${issue.message}`}>
                {issue.column === "row" ? null : (
                  <code className="font-mono font-semibold">{issue.column}</code>
                )}
                {issue.column === "row" ? "" : ": "}
                {issue.message}
              </li>
            ))}
            {repeatsRow === undefined ? null : <li>Also repeats row {repeatsRow}'s id</li>}
          </ul>
        </div>
      );
    },
  }),
]);
