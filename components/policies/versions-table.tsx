"use client";

import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { PolicyPerson, PolicyVersionView } from "@/lib/universal/policies/version-types";
import { VersionStatus } from "./version-status";

function Who({ person, at }: { person: PolicyPerson | null; at: string | null }) {
  if (!person) return <span className="text-zinc-500">—</span>;
  return (
    <span className="flex flex-col">
      <span>{person.email}</span>
      <Timestamp value={at} className="text-xs text-zinc-600 dark:text-zinc-400" />
    </span>
  );
}

/** Every version, newest first, with who wrote, proposed and decided it; Open shows one below. */
export function VersionsTable({
  versions,
  selectedId,
  onOpen,
}: {
  versions: readonly PolicyVersionView[];
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <Table aria-label="Policy versions">
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Written by</TableHead>
          <TableHead>Proposed by</TableHead>
          <TableHead>Activated or declined by</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((version) => (
          <TableRow key={version.id} aria-current={version.id === selectedId ? "true" : undefined}>
            <TableCell className="font-medium">v{version.version}</TableCell>
            <TableCell>
              <VersionStatus status={version.status} />
            </TableCell>
            <TableCell>
              <Who person={version.createdBy} at={version.createdAt} />
            </TableCell>
            <TableCell>
              <Who person={version.proposedBy} at={version.proposedAt} />
            </TableCell>
            <TableCell>
              <Who person={version.decidedBy} at={version.decidedAt} />
            </TableCell>
            <TableCell className="text-right">
              <Button
                variant={version.id === selectedId ? "secondary" : "outline"}
                size="sm"
                onClick={() => onOpen(version.id)}
                aria-label={`Open v${version.version}`}
              >
                Open
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
