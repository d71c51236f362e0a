"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { type ReactNode, useState } from "react";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { ConfigForm } from "./config-form";
import type { EndpointTest } from "./endpoint-test-result";
import { FourEyesSettings } from "./four-eyes/four-eyes-settings";
import { PendingChangePanel } from "./four-eyes/pending-change-panel";

// The history below the form loads as the page hydrates: it is not part of the page's first load.
const ConfigHistory = dynamic(() => import("./config-history").then((module) => module.ConfigHistory), {
  loading: () => (
    <Panel>
      <LoadingState label="Loading the configuration's history" rows={3} columns={3} />
    </Panel>
  ),
});

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      {children}
    </div>
  );
}

/**
 * The configuration page's body: changes waiting for a second admin, the form once the configuration has loaded,
 * which parts need a second admin, and the history.
 */
export function ConfigEditor({ localService }: { localService: boolean }) {
  const query = useQuery(configQuery());
  // Kept here so the TEST result survives the form resetting to the saved configuration.
  const [endpointTest, setEndpointTest] = useState<EndpointTest | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <PendingChangePanel localService={localService} onEndpointApplied={setEndpointTest} />
      <QueryState
        query={query}
        frame={(view) => <Panel>{view}</Panel>}
        loading={<LoadingState label="Loading the configuration" rows={6} columns={3} />}
        error={{ title: "The configuration could not be loaded" }}
      >
        {(config) => (
          <ConfigForm
            config={config}
            localService={localService}
            endpointTest={endpointTest}
            onEndpointSaved={setEndpointTest}
          />
        )}
      </QueryState>
      <FourEyesSettings />
      <ConfigHistory />
    </div>
  );
}
