"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import { DateTime } from "@/components/transactions/date-time";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import {
  proposeScreeningSourceRemoval,
  refreshScreeningSource,
  screeningSourcesQuery,
} from "@/lib/client/api/screening";
import { queryKeys } from "@/lib/universal/api/keys";
import { listName } from "@/lib/universal/screening/records";
import type { ScreeningSourceView } from "@/lib/universal/screening/sources";
import { AddSourceDialog } from "./add-source-dialog";
import { SourceProposalCard } from "./source-proposal-card";

const col = dataTableColumnHelper<ScreeningSourceView>();

function OutcomeBadge({ source }: { source: ScreeningSourceView }) {
  if (!source.lastOutcome) return <Badge variant="neutral">Not fetched yet</Badge>;
  if (source.lastOutcome === "failed") return <Badge variant="warning">Failed: nothing replaced</Badge>;
  if (source.lastOutcome === "unchanged") return <Badge variant="success">Same file: confirmed</Badge>;
  return <Badge variant="success">Loaded</Badge>;
}

/** "Refresh now" and "Remove…" for one source (admins; removing is a proposal for a second admin). */
function SourceActions({ source, pending }: { source: ScreeningSourceView; pending: boolean }) {
  const manage = usePermission("screening.lists");
  const queryClient = useQueryClient();
  const name = listName(source.listId);
  const refresh = useMutation({
    mutationFn: () => refreshScreeningSource(source.id),
    onSuccess: () => {
      toast.success(`The ${name} is being fetched`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
    },
    onError: (error) => toast.error(`The ${name} could not be queued`, { description: error.message }),
  });
  return (
    <div className="flex flex-wrap gap-2">
      <PermittedButton
        decision={manage}
        variant="outline"
        size="sm"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        Refresh now<span className="sr-only"> the {name}</span>
      </PermittedButton>
      <ConfirmedActionButton
        decision={
          pending ? { allowed: false, reason: "A change of this source waits for a second admin." } : manage
        }
        size="sm"
        destructive
        title={`Stop fetching the ${name}?`}
        description="Removing a source is proposed: another admin approves it. The version in use stays until it goes stale."
        confirmLabel="Propose removal"
        pendingLabel="Proposing…"
        failure="The removal could not be proposed."
        action={async () => {
          try {
            await proposeScreeningSourceRemoval(source.id);
          } finally {
            void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
          }
          toast.success(`Removing the ${name}'s source waits for a second admin`);
        }}
      >
        Remove…<span className="sr-only"> the {name}'s source</span>
      </ConfirmedActionButton>
    </div>
  );
}

const columns = (pendingLists: ReadonlySet<string>) =>
  col.columns([
    col.accessor("listId", {
      header: "List, location",
      meta: { phone: { line: 1 } },
      cell: (info) => (
        <>
          <div className="font-medium">{listName(info.getValue())}</div>
          <div className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">
            {info.row.original.location}
          </div>
        </>
      ),
    }),
    col.accessor("intervalHours", {
      header: "Every",
      meta: { phone: { line: 2, end: true, label: "Every" } },
      cell: (info) => `${info.getValue()} h`,
    }),
    col.display({
      id: "outcome",
      header: "Last fetch",
      meta: { phone: { line: 2, label: "Last fetch" } },
      cell: (info) => {
        const source = info.row.original;
        return (
          <div className="flex flex-col gap-1">
            <div>
              <OutcomeBadge source={source} />
            </div>
            {source.lastFetchedAt ? <DateTime iso={source.lastFetchedAt} /> : null}
            {source.lastMessage ? (
              <div className="max-w-80 text-xs text-zinc-600 dark:text-zinc-400">{source.lastMessage}</div>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor("nextRefreshAt", {
      header: "Next refresh",
      meta: { phone: { line: 3, label: "Next refresh" } },
      cell: (info) => <DateTime iso={info.getValue() ?? undefined} />,
    }),
    col.display({
      id: "approved",
      header: "Proposed, approved",
      meta: { phone: { line: 3, end: true, label: "Proposed, approved" } },
      cell: (info) => (
        <>
          <div className="break-words">{info.row.original.createdBy}</div>
          <div className="break-words text-zinc-600 dark:text-zinc-400">{info.row.original.approvedBy}</div>
        </>
      ),
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { actions: true, phone: { wide: true } },
      cell: (info) => (
        <SourceActions source={info.row.original} pending={pendingLists.has(info.row.original.listId)} />
      ),
    }),
  ]);

/**
 * The lists' sources (issue 48): where each list is fetched from and how often, its last fetch and the next; the
 * changes to them waiting for a second admin. Admins manage them; compliance reads. Live: a proposal made or decided
 * in another browser, or a fetch finished, is announced (lib/universal/events/event-keys.ts) and read again here.
 */
export function ListSourcesCard() {
  const sources = useQuery({
    ...screeningSourcesQuery(),
    // While a fetch is queued to run now, its outcome is read again shortly.
    refetchInterval: (query) =>
      query.state.data?.data.some(
        (source) => source.nextRefreshAt && new Date(source.nextRefreshAt).getTime() <= Date.now(),
      )
        ? 3_000
        : false,
  });
  const manage = usePermission("screening.lists");
  const pendingLists = new Set((sources.data?.proposals ?? []).map((proposal) => proposal.source.listId));
  return (
    <Card aria-labelledby="sources-heading">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 pb-4">
        <div>
          <CardTitle id="sources-heading">List sources</CardTitle>
          <CardDescription>
            A list fetched from a file path or URL on a schedule. Each fetch is loaded as an upload and is a
            version above; a failed fetch replaces nothing. A source is added, changed or removed only with a
            second admin.
          </CardDescription>
        </div>
        <AddSourceDialog decision={manage} folder={sources.data?.folder ?? null} />
      </CardHeader>
      {sources.data?.proposals.length ? (
        <div className="flex flex-col gap-3 px-6 pb-4">
          {sources.data.proposals.map((proposal) => (
            <SourceProposalCard key={proposal.id} proposal={proposal} />
          ))}
        </div>
      ) : null}
      <DataTable
        columns={columns(pendingLists)}
        query={sources}
        paginated={false}
        getRowId={(source) => source.id}
        label="List sources"
        phoneCards
        itemNoun={{ one: "source", other: "sources" }}
        errorTitle="The list sources could not be loaded"
        headingLevel="h3"
        framed={false}
        empty={
          sources.data?.proposals.length
            ? {
                icon: Link2,
                title: "No list source in use yet",
                description:
                  "The source proposed above is fetched once a second admin approves it. Until then, lists are uploaded or read from the console's lists folder.",
              }
            : {
                icon: Link2,
                title: "No list sources",
                description: "Lists are uploaded or read from the console's lists folder.",
              }
        }
      />
    </Card>
  );
}
