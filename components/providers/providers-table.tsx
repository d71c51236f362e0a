"use client";

import { useQuery } from "@tanstack/react-query";
import { Building2, CircleCheck, CircleSlash } from "lucide-react";
import { useMemo } from "react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import { umaProviderListQuery } from "@/lib/client/api/uma-providers";
import { countryName } from "@/lib/universal/intl/country-names";
import type { UmaProvider } from "@/shared/contract";
import { providerFilters, providerListParams } from "./provider-filters";

const col = dataTableColumnHelper<UmaProvider>();

const columns = col.columns([
  col.accessor("name", {
    header: "Provider",
    meta: { primary: true, phone: { line: 1 } },
    cell: (info) => <span className="font-medium">{info.getValue()}</span>,
  }),
  col.accessor("allowListStatus", {
    header: "Status",
    meta: { phone: { line: 1, end: true } },
    cell: (info) =>
      info.getValue() ? (
        <Badge variant="success">
          <CircleCheck aria-hidden="true" />
          Allowed
        </Badge>
      ) : (
        <Badge variant="danger">
          <CircleSlash aria-hidden="true" />
          Blocked
        </Badge>
      ),
  }),
  col.accessor("domain", {
    header: "Domain",
    meta: { phone: { line: 2, wide: true } },
    cell: (info) => (
      <span className="flex items-center gap-1">
        <span className="font-mono text-xs wrap-break-word">
          <WrappableAddress text={info.getValue()} />
        </span>
        <CopyButton value={info.getValue()} label={`${info.row.original.name}'s domain`} />
      </span>
    ),
  }),
  col.accessor((row) => row.supportedCurrencies.map((currency) => currency.code).join(", "), {
    id: "currencies",
    header: "Currencies",
    meta: { phone: { line: 3, label: "Currencies" } },
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  col.accessor((row) => row.supportedRegions.map(countryName).join(", "), {
    id: "regions",
    header: "Regions",
    meta: { phone: { wide: true, label: "Regions" } },
    cell: (info) => <span className="text-sm">{info.getValue()}</span>,
  }),
  col.accessor((row) => row.lei ?? "", {
    id: "lei",
    header: "LEI",
    meta: { phone: { line: 3, end: true, label: "LEI" } },
    cell: (info) =>
      info.getValue() ? (
        <span className="font-mono text-xs">{info.getValue()}</span>
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">—</span>
      ),
  }),
]);

/** The UMA providers the platform can pay, and the ones it has blocked, filtered as GET /uma-providers filters. */
export function ProvidersTable() {
  const filters = useDataTableFilters(providerFilters);
  const { cursor } = useCursorPagination();
  const params = useMemo(() => providerListParams(filters.values), [filters.values]);
  const query = useQuery(umaProviderListQuery({ ...params, cursor }));
  return (
    <DataTable
      columns={columns}
      query={query}
      getRowId={(row) => row.domain}
      label="UMA providers"
      itemNoun={{ one: "provider", other: "providers" }}
      filters={providerFilters}
      phoneCards
      empty={{
        icon: Building2,
        title: "No provider matches",
        description: "No UMA provider serves that country or currency. Widen the filters to see more.",
      }}
    />
  );
}
