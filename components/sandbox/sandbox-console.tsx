"use client";

import type { QueryClient } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { InertUntilHydrated } from "@/components/forms/inert-until-hydrated";
import { usePrefetchDataOnMount } from "@/components/ui/preload";
import { EmptyState } from "@/components/ui/states";
import { platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { configQuery } from "@/lib/client/api/config";
import { pendingQuotesQuery, pickerListNow, serviceClockQuery } from "@/lib/client/api/sandbox";
import { ActionLog } from "./action-log";
import { SandboxCards } from "./sandbox-cards";
import { useSandboxLog } from "./use-sandbox-log";

/**
 * What the cards' pickers show first, asked for as the page mounts: the pending quotes (the page does not read them
 * with itself); the accounts and configuration it did read are fresh in the cache, so asking again costs nothing.
 */
function prefetchSandboxData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(pickerListNow(pendingQuotesQuery()));
  void queryClient.prefetchQuery(platformInternalAccountsQuery());
  void queryClient.prefetchQuery(configQuery());
}

/** The same, with the local service's clock, which the clock card shows only on the local service. */
function prefetchSandboxDataAndClock(queryClient: QueryClient): void {
  prefetchSandboxData(queryClient);
  void queryClient.prefetchQuery(serviceClockQuery());
}

/** The sandbox tools for developers and admins, while the console talks to a sandbox; otherwise why not. */
export function SandboxConsole({ localService }: { localService: boolean }) {
  const permission = usePermission("sandbox.use");
  const viewer = useViewer();
  const log = useSandboxLog();
  usePrefetchDataOnMount(
    localService ? prefetchSandboxDataAndClock : prefetchSandboxData,
    permission.allowed,
  );

  if (!permission.allowed) {
    const production = viewer.environment === "production";
    return (
      <div className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <EmptyState
          icon={FlaskConical}
          title={
            production
              ? "The sandbox console is not available in production"
              : "You cannot use the sandbox console"
          }
          description={
            production
              ? "You are acting on the production payment API, where money and time are real: nothing can be funded or simulated. Switch to the sandbox in the top bar (when this console holds a sandbox credential) to use it."
              : permission.reason
          }
        />
      </div>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
      {/* Sent with the platform's accounts in them (app/(console)/sandbox/page.tsx), the cards are shown before their
          code runs: inert until then, so a press of "Fund account" does not send its form the browser's own way. */}
      <InertUntilHydrated>
        <SandboxCards localService={localService} onExchange={log.add} />
      </InertUntilHydrated>
      <ActionLog entries={log.entries} onClear={log.clear} />
    </div>
  );
}
