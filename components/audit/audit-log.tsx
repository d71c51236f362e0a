"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { parseAsString, useQueryStates } from "nuqs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { auditQuery } from "@/lib/payments/audit";

const filterParsers = {
  actor: parseAsString.withDefault(""),
  action: parseAsString.withDefault(""),
  target: parseAsString.withDefault(""),
  from: parseAsString.withDefault(""),
  to: parseAsString.withDefault(""),
};

/** datetime-local values are local wall time; the API takes ISO 8601 instants. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

const OUTCOME_VARIANT = { allowed: "success", refused: "danger", failed: "warning" } as const;

export function AuditLog() {
  const [filters, setFilters] = useQueryStates(filterParsers, { history: "replace" });
  const query = useInfiniteQuery(
    auditQuery({
      actor: filters.actor || undefined,
      action: filters.action || undefined,
      target: filters.target || undefined,
      from: toIso(filters.from),
      to: toIso(filters.to),
    }),
  );
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const text = (name: "actor" | "action" | "target", label: string, placeholder: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`audit-${name}`}>{label}</Label>
      <Input
        id={`audit-${name}`}
        placeholder={placeholder}
        defaultValue={filters[name]}
        onChange={(event) => void setFilters({ [name]: event.target.value })}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <search aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {text("actor", "Who", "email")}
        {text("action", "Action", "e.g. payment.approve")}
        {text("target", "Target id", "e.g. Transaction:…")}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="datetime-local"
            value={filters.from}
            onChange={(event) => void setFilters({ from: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="datetime-local"
            value={filters.to}
            onChange={(event) => void setFilters({ to: event.target.value })}
          />
        </div>
      </search>
      {query.isPending ? (
        <LoadingState label="Loading the audit log" />
      ) : query.isError ? (
        <ErrorState
          title="The audit log could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title="No audit entries match"
          description="Every change made through the console, and every refused attempt, is recorded here."
        />
      ) : (
        <>
          <Table aria-label="Audit log">
            <TableHeader>
              <TableRow>
                <TableHead>Time (UTC)</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Target</TableHead>
                <TableHead>Outcome</TableHead>
                <TableHead>Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="whitespace-nowrap font-mono text-xs">
                    {row.occurredAt.replace("T", " ").slice(0, 19)}
                  </TableCell>
                  <TableCell>
                    {row.actorEmail ?? "anonymous"}
                    {row.actorRole ? (
                      <span className="block text-xs text-zinc-500">{row.actorRole}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="font-mono text-xs">{row.action}</TableCell>
                  <TableCell className="max-w-56 truncate font-mono text-xs">{row.targetId ?? "—"}</TableCell>
                  <TableCell>
                    <Badge variant={OUTCOME_VARIANT[row.outcome]}>{row.outcome}</Badge>
                    {row.upstreamStatus ? (
                      <span className="ml-2 text-xs text-zinc-500">HTTP {row.upstreamStatus}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="max-w-72">
                    <code className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">
                      {JSON.stringify(row.summary)}
                    </code>
                    <span className="block text-[11px] text-zinc-400">request {row.requestId}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              loadingText="Loading…"
              className="self-center"
            >
              Load older entries
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
