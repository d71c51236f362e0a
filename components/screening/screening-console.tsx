"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import dynamic from "next/dynamic";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { DataTable } from "@/components/data-table/data-table";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { refreshWatchlists, screeningAlertsQuery, screeningListsQuery } from "@/lib/client/api/screening";
import { queryKeys } from "@/lib/universal/api/keys";
import { alertsColumns } from "./alerts-columns";
import { ListReplacementCard } from "./list-replacement-card";
import { listVersionsColumns } from "./list-versions-columns";
import { RescreenStatus } from "./rescreen-status";
import { UploadListDialog } from "./upload-list-dialog";
import { WatchlistSearch } from "./watchlist-search";

// The list sources (an admin's form for naming a file or URL, the proposals a second admin decides) come last on the
// page and load after it: with them in its first load the page was 257 kB, over the 250 kB every page is held to
// (docs/BENCHMARKS.md, pages). They read their own data in the browser either way.
const ListSourcesCard = dynamic(
  () => import("./list-sources-card").then((module) => module.ListSourcesCard),
  {
    ssr: false,
  },
);

/** The Screening page: the alerts queue, an ad-hoc search of the lists, and the lists' health. */
export function ScreeningConsole() {
  // A compliance officer works the alerts and searches the lists; only the lists themselves are an admin's.
  const manage = usePermission("screening.lists");
  return (
    <>
      <PageHeader
        title="Screening"
        description="Every pending payment's sender is screened against the sanctions lists when it arrives; a potential match is held for a compliance officer."
      />
      <PermissionNotice
        className="mb-6"
        partial
        reasons={[manage.allowed ? undefined : `Lists and list sources: ${manage.reason}`]}
      />
      <div className="flex flex-col gap-6">
        <AlertsCard />
        <WatchlistSearch />
        <ListsCard />
        <ListSourcesCard />
      </div>
    </>
  );
}

function AlertsCard() {
  const alerts = useQuery(screeningAlertsQuery());
  return (
    <Card aria-labelledby="alerts-heading">
      <CardHeader className="pb-4">
        <div>
          <CardTitle id="alerts-heading">Open alerts</CardTitle>
          <CardDescription>
            Potential matches no one has dismissed yet, oldest first. Review one to see why it matched.
          </CardDescription>
        </div>
      </CardHeader>
      <DataTable
        columns={alertsColumns}
        query={alerts}
        paginated={false}
        getRowId={(record) => record.id}
        label="Open screening alerts"
        phoneCards
        itemNoun={{ one: "alert", other: "alerts" }}
        errorTitle="The alerts could not be loaded"
        headingLevel="h3"
        framed={false}
        empty={{
          icon: ShieldCheck,
          title: "No open alerts",
          description: "Every screened sender and customer is clear or has been reviewed.",
        }}
      />
    </Card>
  );
}

function ListsCard() {
  const queryClient = useQueryClient();
  // While stored subjects are screened again after a list change, its progress is read every two seconds.
  const lists = useQuery({
    ...screeningListsQuery(),
    refetchInterval: (query) =>
      query.state.data?.rescreen && !query.state.data.rescreen.finishedAt ? 2_000 : false,
  });
  // The alerts a re-screening raises are read again when its end is announced (lib/universal/events/event-keys.ts).
  const manage = usePermission("screening.lists");
  const refresh = useMutation({
    mutationFn: refreshWatchlists,
    onSuccess: () => {
      toast.success("The lists were read again");
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
    },
    onError: (error) => toast.error("The lists could not be read again", { description: error.message }),
  });
  const freshness = lists.data?.freshnessHours;
  return (
    <Card aria-labelledby="lists-heading">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 pb-4">
        <div>
          <CardTitle id="lists-heading">Lists</CardTitle>
          <CardDescription>
            Each load of a list is a version; a failed or partial load never replaces the one in use. A list
            not confirmed current within {freshness ?? "its"} hours is stale, and payments screened against it
            are held. A new or changed entry is screened against every stored sender and customer.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <UploadListDialog decision={manage} />
          <PermittedButton
            decision={manage}
            variant="outline"
            size="sm"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? "Reading the lists…" : "Read the lists again"}
          </PermittedButton>
        </div>
      </CardHeader>
      <RescreenStatus rescreen={lists.data?.rescreen} />
      {lists.data?.replacements.length ? (
        <div className="flex flex-col gap-3 px-6 pb-4">
          {lists.data.replacements.map((proposal) => (
            <ListReplacementCard key={proposal.id} proposal={proposal} />
          ))}
        </div>
      ) : null}
      <DataTable
        columns={listVersionsColumns}
        query={lists}
        paginated={false}
        getRowId={(version) => String(version.id)}
        label="Watchlist versions"
        itemNoun={{ one: "version", other: "versions" }}
        phoneCards
        errorTitle="The lists could not be loaded"
        headingLevel="h3"
        framed={false}
        empty={{
          icon: ShieldCheck,
          title: "No list loaded yet",
          description: "The console loads the lists in its lists folder when it starts.",
        }}
      />
    </Card>
  );
}
