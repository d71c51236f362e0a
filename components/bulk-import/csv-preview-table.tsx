import { DataTable } from "@/components/data-table/data-table";
import type { CsvPreview } from "@/lib/universal/bulk-import/preview";
import { csvPreviewColumns } from "./csv-preview-columns";

/** The first rows of the file as the service will read them, each with its verdict and the cells at fault. */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <DataTable
      columns={csvPreviewColumns}
      rows={preview.rows}
      paginated={false}
      getRowId={(row) => String(row.rowNumber)}
      label="Preview of the first rows"
      itemNoun={{ one: "row", other: "rows" }}
      framed={false}
      rowProps={(row) => ({
        className:
          row.issues.length > 0
            ? "bg-red-50/60 dark:bg-red-950/30"
            : row.repeatsRow !== undefined
              ? "bg-amber-50/60 dark:bg-amber-950/30"
              : undefined,
      })}
    />
  );
}
