"use client";

import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import type { PolicyVersionView } from "@/lib/universal/policies/version-types";
import { versionColumns } from "./versions-columns";

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
  const columns = useMemo(() => versionColumns(selectedId, onOpen), [selectedId, onOpen]);
  return (
    <DataTable
      columns={columns}
      rows={versions}
      paginated={false}
      getRowId={(version) => version.id}
      label="Policy versions"
      phoneCards
      itemNoun={{ one: "version", other: "versions" }}
      framed={false}
      rowProps={(version) => ({ "aria-current": version.id === selectedId ? "true" : undefined })}
    />
  );
}
