"use client";

import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DateTime } from "@/components/transactions/date-time";
import { Badge } from "@/components/ui/badge";
import { formatCount } from "@/lib/universal/intl/count";
import { listName, type ScreeningListVersionView } from "@/lib/universal/screening/records";

const col = dataTableColumnHelper<ScreeningListVersionView>();

function StatusBadge({ version }: { version: ScreeningListVersionView }) {
  if (version.stale) return <Badge variant="danger">Stale: payments are held</Badge>;
  if (version.status === "in-use") return <Badge variant="success">In use</Badge>;
  if (version.status === "failed") return <Badge variant="warning">Failed to load</Badge>;
  return <Badge variant="neutral">Superseded</Badge>;
}

const count = (counts: Record<string, unknown>, key: string) =>
  typeof counts[key] === "number" ? formatCount(counts[key] as number) : "—";

/** The watchlists' versions: which list, the date it states, what it held, whether it is in use, and when checked. */
export const listVersionsColumns = col.columns([
  col.accessor("listId", {
    header: "List",
    meta: { className: "min-w-44", phone: { line: 1 } },
    cell: (info) => (
      <>
        <div className="font-medium">{listName(info.getValue())}</div>
        <div className="break-all text-xs text-zinc-600 dark:text-zinc-400">{info.row.original.source}</div>
      </>
    ),
  }),
  col.accessor("issuedOn", {
    header: "Issued",
    meta: { phone: { line: 2, label: "Issued" } },
    cell: (info) => <span className="whitespace-nowrap">{info.getValue() ?? "Not stated"}</span>,
  }),
  col.display({
    id: "counts",
    header: "Entries, names",
    meta: { phone: { line: 2, end: true, label: "Entries · names" } },
    cell: (info) => (
      <span className="whitespace-nowrap tabular-nums">
        {count(info.row.original.counts, "entries")} · {count(info.row.original.counts, "names")}
      </span>
    ),
  }),
  col.display({
    id: "status",
    header: "Status",
    meta: { phone: { line: 1, end: true } },
    cell: (info) => <StatusBadge version={info.row.original} />,
  }),
  col.accessor("checkedAt", {
    header: "Loaded, last confirmed",
    meta: { phone: { line: 3, label: "Loaded, last confirmed" } },
    cell: (info) => (
      <>
        <div className="whitespace-nowrap">
          <DateTime iso={info.row.original.loadedAt} />
        </div>
        <div className="whitespace-nowrap text-zinc-600 dark:text-zinc-400">
          <DateTime iso={info.getValue()} />
        </div>
      </>
    ),
  }),
  col.display({
    id: "errors",
    header: "Parse errors",
    meta: { phone: { wide: true, label: "Parse errors" } },
    cell: (info) => {
      const errors = info.row.original.parseErrors;
      return errors.length === 0 ? "None" : `${errors.length}: ${errors[0]?.message ?? ""}`;
    },
  }),
  col.accessor("contentHash", {
    header: "SHA-256",
    meta: { phone: { line: 3, end: true, label: "SHA-256" } },
    cell: (info) => (
      <code className="font-mono text-xs" title={info.getValue()}>
        {info.getValue().slice(0, 12)}…
      </code>
    ),
  }),
]);
