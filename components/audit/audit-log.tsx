"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Download, ScrollText } from "lucide-react";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { dayEndIso, dayStartIso, defineFilters } from "@/components/data-table/filters";
import { LoadOlder } from "@/components/data-table/load-older";
import type { ItemNoun } from "@/components/data-table/pagination-summary";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { WrappableValue } from "@/components/ui/wrappable-address";
import { auditExportHref, auditQuery } from "@/lib/client/api/audit";
import { actionWords } from "@/lib/universal/audit/action-words";
import { actorWithoutPerson } from "@/lib/universal/audit/actor";
import { isRole } from "@/lib/universal/auth/permissions";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import { AUDIT_PAGE } from "./audit-page-text";
import { summaryLines } from "./audit-summary";

/** The filters of GET /api/audit, each in the URL under the API's parameter name (days for the range). */
const auditFilters = defineFilters([
  { type: "text", key: "actor", label: "Who", placeholder: "Name or email" },
  { type: "text", key: "action", label: "Action", placeholder: "e.g. payment.approve" },
  { type: "text", key: "target", label: "Target id", placeholder: "e.g. Transaction:…" },
  { type: "text", key: "request", label: "Request id", placeholder: "Seen in errors and logs" },
  {
    type: "select",
    key: "outcome",
    label: "Outcome",
    options: [
      { value: "allowed", label: "Allowed" },
      { value: "refused", label: "Refused" },
      { value: "failed", label: "Failed" },
      { value: "unknown", label: "Unknown" },
      { value: "attempted", label: "No outcome" },
    ],
  },
  { type: "date-range", label: "When", fromKey: "from", toKey: "to" },
]);

const ENTRIES: ItemNoun = { one: "entry", other: "entries" };

const OUTCOME_VARIANT = {
  allowed: "success",
  refused: "danger",
  failed: "warning",
  unknown: "warning",
  attempted: "neutral",
} as const;
const OUTCOME_LABEL = {
  allowed: "allowed",
  refused: "refused",
  failed: "failed",
  unknown: "unknown",
  attempted: "no outcome",
} as const;

export function AuditLog() {
  const filters = useDataTableFilters(auditFilters);
  const { values } = filters;
  const params = {
    actor: values.actor ?? undefined,
    action: values.action ?? undefined,
    target: values.target ?? undefined,
    request: values.request ?? undefined,
    outcome: values.outcome ?? undefined,
    from: dayStartIso(values.from),
    to: dayEndIso(values.to),
  };
  const query = useInfiniteQuery(auditQuery(params));
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <PageHeader
        title={AUDIT_PAGE.title}
        description={AUDIT_PAGE.description}
        actions={
          <Button asChild variant="outline">
            {/* A plain download link: the server streams every matching entry, not just the pages loaded here. */}
            <a href={auditExportHref(params)} download>
              <Download aria-hidden="true" />
              Export CSV
              <span className="sr-only"> of every entry these filters match</span>
            </a>
          </Button>
        }
      />
      <div className="flex flex-col gap-4">
        <DataTableToolbar filters={auditFilters} state={filters} label="Filter the audit log" />
        <QueryState
          query={query}
          loading={<LoadingState label="Loading the audit log" />}
          error={{ title: "The audit log could not be loaded" }}
          isEmpty={() => rows.length === 0}
          empty={
            <EmptyState
              icon={ScrollText}
              title={
                filters.activeCount > 0 ? "No audit entries match these filters" : "Nothing recorded yet"
              }
              description={
                filters.activeCount > 0
                  ? "Widen or clear the filters to see more."
                  : "Every change made through the console, and every refused attempt, is recorded here."
              }
            />
          }
        >
          {() => (
            <>
              {/* On a phone each entry is a card: time and outcome, who, what, its details (no column off-screen). */}
              <Table aria-label="Audit log" className="max-sm:block">
                <TableHeader className="max-sm:sr-only">
                  <TableRow>
                    <TableHead>Time</TableHead>
                    <TableHead>Who</TableHead>
                    <TableHead>Action and target</TableHead>
                    <TableHead>Outcome</TableHead>
                    <TableHead>Details</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody className="max-sm:block">
                  {rows.map((row) => (
                    <TableRow
                      key={row.id}
                      className="[&>td]:align-top max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:py-2 max-sm:[&>td]:py-1"
                    >
                      <TableCell className="font-mono text-xs max-sm:block">
                        <Timestamp value={row.occurredAt} style="precise" />
                      </TableCell>
                      {/* An address breaks anywhere rather than widen the column past the page (a long one did). */}
                      <TableCell className="wrap-anywhere max-sm:col-span-2 max-sm:block sm:min-w-52 sm:max-w-60">
                        {row.actorName ? (
                          <span className="block font-medium text-zinc-900 dark:text-zinc-100">
                            {row.actorName}
                          </span>
                        ) : null}
                        {row.actorEmail ? (
                          <span className={row.actorName ? "block text-xs" : undefined}>
                            {row.actorEmail}
                          </span>
                        ) : (
                          actorWithoutPerson(row.summary)
                        )}
                        {row.actorRole ? (
                          <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                            {isRole(row.actorRole) ? ROLE_LABELS[row.actorRole] : row.actorRole}
                          </span>
                        ) : null}
                      </TableCell>
                      {/* Narrow: an action's name fits, its target's id is cut (with its copy button); the room goes to the details. */}
                      <TableCell className="text-xs max-sm:col-span-2 max-sm:block sm:max-w-52">
                        <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
                          {actionWords(row.action, row.summary)}
                        </span>
                        <span className="block font-mono">{row.action}</span>
                        {row.targetId ? (
                          <span className="flex min-w-0 items-center gap-0.5 font-mono text-zinc-500 dark:text-zinc-400">
                            <span className="truncate" title={row.targetId}>
                              {row.targetId}
                            </span>
                            <CopyButton value={row.targetId} label="target id" className="shrink-0" />
                          </span>
                        ) : (
                          <span className="block text-zinc-500 dark:text-zinc-400">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap max-sm:col-start-2 max-sm:row-start-1 max-sm:block">
                        <Badge variant={OUTCOME_VARIANT[row.outcome]}>{OUTCOME_LABEL[row.outcome]}</Badge>
                        {row.upstreamStatus ? (
                          <span className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400">
                            HTTP {row.upstreamStatus}
                          </span>
                        ) : null}
                      </TableCell>
                      {/* From a laptop's width wide enough for a detail's key and value each on one line. */}
                      <TableCell className="max-sm:col-span-2 max-sm:block sm:min-w-72 xl:min-w-88">
                        {/* Keys and values wrap at their own separators (a path at its slashes), not inside a word. */}
                        <dl className="grid grid-cols-[fit-content(50%)_minmax(0,1fr)] gap-x-3 text-xs">
                          {summaryLines(row.summary).map((line) => (
                            <div key={line.key} className="contents">
                              <dt className="font-mono wrap-break-word text-zinc-500 dark:text-zinc-400">
                                <WrappableValue text={line.key} />
                              </dt>
                              <dd className="font-mono wrap-break-word text-zinc-800 dark:text-zinc-200">
                                <WrappableValue text={line.value} />
                              </dd>
                            </div>
                          ))}
                        </dl>
                        {typeof row.summary.proposalId === "string" &&
                        row.summary.proposalId !== values.target ? (
                          <Link
                            href={`/audit?target=${encodeURIComponent(row.summary.proposalId)}`}
                            className="mt-1 block text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
                          >
                            Proposal and decision
                            <span className="sr-only"> of change {row.summary.proposalId}</span>
                          </Link>
                        ) : null}
                        <span className="mt-1 block text-[11px] text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                          request {row.requestId}
                          {row.clientRequestId ? ` · client's id ${row.clientRequestId}` : ""}
                          <span className="sr-only">, chain hash</span>
                          <span title={`SHA-256 chain hash ${row.hash}`}> · #{row.hash.slice(0, 12)}</span>
                        </span>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <LoadOlder query={query} count={rows.length} noun={ENTRIES} />
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
