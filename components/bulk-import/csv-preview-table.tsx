import { CircleCheck, CircleX } from "lucide-react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CsvPreview } from "@/lib/universal/bulk-import/preview";
import { cn } from "@/lib/universal/utils";

/** The first rows of the file as the service will read them, each with its verdict and the cells at fault. */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <Table aria-label="Preview of the first rows">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Row</TableHead>
          <TableHead>Platform id</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Check</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {preview.rows.map((row) => {
          const valid = row.issues.length === 0;
          const name = row.cells.fullName?.trim() || row.cells.businessLegalName?.trim() || "—";
          return (
            <TableRow key={row.rowNumber} className={cn(!valid && "bg-red-50/60 dark:bg-red-950/30")}>
              <TableCell className="tabular-nums text-zinc-500 dark:text-zinc-400">{row.rowNumber}</TableCell>
              <TableCell className="font-mono text-xs">
                {row.cells.platformCustomerId?.trim() || "—"}
              </TableCell>
              <TableCell className="text-xs">{row.cells.customerType?.trim() || "—"}</TableCell>
              <TableCell>{name}</TableCell>
              <TableCell className="font-mono text-xs">{row.cells.accountType?.trim() || "—"}</TableCell>
              <TableCell>
                {valid ? (
                  <span className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-400">
                    <CircleCheck aria-hidden="true" className="size-4" />
                    Valid
                  </span>
                ) : (
                  <div className="flex flex-col gap-1">
                    <span className="inline-flex items-center gap-1 text-sm font-medium text-red-700 dark:text-red-400">
                      <CircleX aria-hidden="true" className="size-4" />
                      {row.issues.length === 1 ? "1 problem" : `${row.issues.length} problems`}
                    </span>
                    <ul className="flex flex-col gap-0.5 text-xs text-red-800 dark:text-red-300">
                      {row.issues.map((issue) => (
                        <li key={`${issue.column}:${issue.message}`}>
                          {issue.column === "row" ? null : (
                            <code className="font-mono font-semibold">{issue.column}</code>
                          )}
                          {issue.column === "row" ? "" : ": "}
                          {issue.message}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
