import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import type { PolicyPerson, PolicyVersionView } from "@/lib/universal/policies/version-types";
import { VersionStatus } from "./version-status";

function Who({ person, at }: { person: PolicyPerson | null; at: string | null }) {
  if (!person) return <span className="text-zinc-500">—</span>;
  return (
    <span className="flex flex-col">
      {/* By name, as the console's timelines and queue name people; the email, which is unique, on hover. */}
      <span title={person.email}>{person.name}</span>
      <Timestamp value={at} className="text-xs text-zinc-600 dark:text-zinc-400" />
    </span>
  );
}

const col = dataTableColumnHelper<PolicyVersionView>();

/** The policy versions' columns; Open calls `onOpen`, and the open version's button is marked. */
export function versionColumns(selectedId: string | null, onOpen: (id: string) => void) {
  return col.columns([
    col.accessor("version", {
      header: "Version",
      meta: { className: "font-medium", phone: { line: 1 } },
      cell: (info) => `v${info.getValue()}`,
    }),
    col.accessor("status", {
      header: "Status",
      meta: { phone: { line: 1, end: true } },
      cell: (info) => <VersionStatus status={info.getValue()} />,
    }),
    col.display({
      id: "createdBy",
      header: "Written by",
      meta: { phone: { line: 2, label: "Written by" } },
      cell: (info) => <Who person={info.row.original.createdBy} at={info.row.original.createdAt} />,
    }),
    col.display({
      id: "proposedBy",
      header: "Proposed by",
      meta: { phone: { line: 3, label: "Proposed by" } },
      cell: (info) => <Who person={info.row.original.proposedBy} at={info.row.original.proposedAt} />,
    }),
    col.display({
      id: "decidedBy",
      header: "Activated or declined by",
      meta: { phone: { label: "Activated or declined by" } },
      cell: (info) => {
        const version = info.row.original;
        return (
          <span className="flex flex-col">
            <Who person={version.decidedBy} at={version.decidedAt} />
            {version.status === "declined" && version.declineReason ? (
              // Why it was declined, in the version's history: the proposer reads it here.
              <span className="max-w-xs text-xs break-words text-zinc-700 dark:text-zinc-300">
                “{version.declineReason}”
              </span>
            ) : null}
          </span>
        );
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { actions: true, className: "text-right", phone: { line: 2, end: true } },
      cell: (info) => {
        const version = info.row.original;
        return (
          <Button
            variant={version.id === selectedId ? "secondary" : "outline"}
            size="sm"
            onClick={() => onOpen(version.id)}
            aria-label={`Open v${version.version}`}
          >
            Open
          </Button>
        );
      },
    }),
  ]);
}
