import { dataTableColumnHelper } from "@/components/data-table/columns";
import { rowErrorFields, rowErrorLabel } from "@/lib/universal/bulk-import/job-errors";
import type { BulkCustomerImportJob } from "@/shared/contract";

type BulkRowError = BulkCustomerImportJob["errors"][number];

const col = dataTableColumnHelper<BulkRowError>();

/** The columns of an import job's rows that were not imported: which row, the code, and each field at fault. */
export const bulkJobErrorsColumns = col.columns([
  col.display({
    id: "row",
    header: "Row",
    meta: { className: "font-mono text-xs whitespace-nowrap" },
    cell: (info) => rowErrorLabel(info.row.original),
  }),
  col.display({
    id: "code",
    header: "Code",
    meta: { className: "font-mono text-xs" },
    cell: (info) => info.row.original.error.code,
  }),
  col.display({
    id: "problem",
    header: "Problem",
    cell: (info) => {
      const error = info.row.original;
      const fields = rowErrorFields(error);
      if (fields.length === 0) return <span className="text-sm">{error.error.message}</span>;
      return (
        <ul className="flex flex-col gap-0.5 text-sm">
          {fields.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              <code className="font-mono text-xs font-semibold">{field.path}</code>: {field.message}
            </li>
          ))}
        </ul>
      );
    },
  }),
]);
