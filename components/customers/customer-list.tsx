"use client";

import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedLink } from "@/components/auth/permitted-link";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable, type DataTableQuery } from "@/components/data-table/data-table";
import { dayEndIso, dayStartIso, defineFilters } from "@/components/data-table/filters";
import { useCursorPagination } from "@/components/data-table/use-cursor-pagination";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { customerListQuery } from "@/lib/client/api/customer-list";
import { formatCount } from "@/lib/universal/intl/count";
import { ApiError } from "@/shared/api-error";
import type { Customer, CustomerList as CustomerPage } from "@/shared/contract";
import { umaAddressIssue } from "@/shared/contract/uma-address-format";
import { CUSTOMER_TYPE_LABELS, customerDisplayName, hasOwnName } from "./customer-labels";

// Keys are the API's query parameters; the date ranges hold calendar days, turned into instants for the request.
const filters = defineFilters([
  // Words of a name or email: the API finds customers by whole identifiers only, so the console matches the words.
  { type: "text", key: "q", label: "Name or email", placeholder: "e.g. James Carter" },
  { type: "text", key: "platformCustomerId", label: "Platform customer id", placeholder: "e.g. user-1042" },
  { type: "text", key: "umaAddress", label: "UMA address", placeholder: "$alice@example.com" },
  {
    type: "select",
    key: "customerType",
    label: "Type",
    allLabel: "All types",
    options: [
      { value: "INDIVIDUAL", label: "Individual" },
      { value: "BUSINESS", label: "Business" },
    ],
  },
  { type: "date-range", label: "Created", fromKey: "createdAfter", toKey: "createdBefore" },
  { type: "date-range", label: "Updated", fromKey: "updatedAfter", toKey: "updatedBefore" },
  { type: "boolean", key: "isIncludingDeleted", label: "Include deleted" },
]);

const col = dataTableColumnHelper<Customer>();
const columns = col.columns([
  col.display({
    id: "name",
    header: "Name",
    meta: { primary: true, phone: { line: 1 } },
    cell: ({ row }) => (
      <span className="flex flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span
            className={row.original.isDeleted ? "text-zinc-500 dark:text-zinc-400 line-through" : undefined}
          >
            {customerDisplayName(row.original)}
          </span>
          {row.original.isDeleted ? <Badge variant="danger">Deleted</Badge> : null}
        </span>
        {hasOwnName(row.original) ? (
          <span className="font-mono text-xs font-normal text-zinc-500 dark:text-zinc-400">
            {row.original.platformCustomerId}
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("customerType", {
    header: "Type",
    // On a phone's card, below the name and address, as quiet as the time beside it.
    meta: { phone: { line: 3 }, className: "max-sm:text-zinc-600 dark:max-sm:text-zinc-400" },
    cell: ({ getValue }) => CUSTOMER_TYPE_LABELS[getValue()],
  }),
  col.accessor("umaAddress", {
    header: "UMA address",
    meta: { phone: { line: 2, wide: true } },
    cell: ({ getValue }) => <span className="font-mono text-xs break-all">{getValue()}</span>,
  }),
  col.accessor("kycStatus", {
    header: "KYC",
    meta: { phone: { line: 1, end: true } },
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
  }),
  col.accessor("createdAt", {
    header: "Created",
    meta: { className: "whitespace-nowrap text-zinc-600 dark:text-zinc-400", phone: { line: 3, end: true } },
    cell: ({ getValue }) => <RelativeTime date={getValue()} />,
  }),
]);

export function CustomerList() {
  const { values } = useDataTableFilters(filters);
  const { cursor } = useCursorPagination();
  const umaIssue = values.umaAddress ? umaAddressIssue(values.umaAddress) : null;
  const query = useQuery({
    ...customerListQuery({
      q: values.q ?? undefined,
      platformCustomerId: values.platformCustomerId ?? undefined,
      umaAddress: values.umaAddress ?? undefined,
      customerType:
        values.customerType === "INDIVIDUAL" || values.customerType === "BUSINESS"
          ? values.customerType
          : undefined,
      createdAfter: dayStartIso(values.createdAfter),
      createdBefore: dayEndIso(values.createdBefore),
      updatedAfter: dayStartIso(values.updatedAfter),
      updatedBefore: dayEndIso(values.updatedBefore),
      isIncludingDeleted: values.isIncludingDeleted === true,
      cursor,
    }),
    enabled: umaIssue === null,
  });
  // A malformed UMA address would be refused by the API; say what is wrong with it instead of asking.
  const shown: DataTableQuery<Customer> =
    umaIssue === null
      ? query
      : {
          data: undefined as CustomerPage | undefined,
          isPending: false,
          isFetching: false,
          error: new ApiError(400, "INVALID_INPUT", umaIssue),
          refetch: () => undefined,
        };

  const searchStopped =
    values.q && query.data?.complete === false
      ? { searched: query.data.searched ?? 0, older: query.data.older }
      : null;

  return (
    <>
      {searchStopped !== null ? (
        <p role="status" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          {searchStopped.older?.complete
            ? `The words were looked for in the newest ${formatCount(searchStopped.searched)} customers; older customers were found by the beginnings of the words of their names, emails, UMA addresses and platform ids, or by a whole id, not by letters inside a word.`
            : `The words were looked for in the newest ${formatCount(searchStopped.searched)} customers${searchStopped.older ? ", and in the names, emails and UMA addresses of some older ones" : " only"}; an older one may match too. Narrow by Created to reach older customers.`}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        query={shown}
        getRowId={(customer) => customer.id}
        label="Customers"
        savedViews="customers"
        phoneCards
        itemNoun={{ one: "customer", other: "customers" }}
        rowHref={(customer) => `/customers/${encodeURIComponent(customer.id)}`}
        rowAction="Open customer"
        filters={filters}
        errorTitle={
          umaIssue === null ? "Customers could not be loaded" : "The UMA address filter is not valid"
        }
        refusedTitle={umaIssue === null ? undefined : "The UMA address filter is not valid"}
        empty={{
          icon: Users,
          title: "No customers yet",
          description: "Create a customer, or import many at once from a CSV file.",
        }}
      />
    </>
  );
}

/** The page's main actions, disabled with the reason for roles that may not create customers. */
export function CustomerListActions() {
  const write = usePermission("customers.write");
  return (
    <>
      <PermittedLink decision={write} href="/customers/import" variant="outline">
        Import CSV
      </PermittedLink>
      <PermittedLink decision={write} href="/customers/new">
        New customer
      </PermittedLink>
    </>
  );
}

export function CustomerListNotice() {
  const write = usePermission("customers.write");
  return write.allowed ? null : <PermissionNotice reasons={[write.reason]} className="mb-4" />;
}
