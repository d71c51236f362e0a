"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CloudOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { type ConsoleHealth, consoleHealthQuery, mayMeanAnOutage } from "@/lib/client/api/console-health";
import { whenIdle } from "@/lib/client/browser/when-idle";

const SAYS: Record<Exclude<ConsoleHealth, "ok">, { title: string; detail: string }> = {
  "payment-api-down": {
    title: "The payment API is not answering",
    detail:
      "Lists and records may not load or may be out of date, and nothing can be sent, approved or changed until it answers again.",
  },
  "payment-api-refused": {
    title: "The payment API refuses this console's credential",
    detail:
      "Nothing can be read or changed through it. An admin must check the API credential this console was started with.",
  },
  "database-down": {
    title: "The console's database is not answering",
    detail: "Nothing can be changed until it answers again: every change is written to the audit log first.",
  },
  "console-unreachable": {
    title: "This console cannot be reached",
    detail: "Check your connection. What the page shows may be out of date.",
  },
};

/**
 * Says over every page, before any page's own request gives up, when the payment API or the console's database is
 * not answering, and takes it back as soon as it answers again. It asks the console's readiness (the answer a load
 * balancer gets) once the page is idle, then every 30 s, every 5 s while something is down, and at once when a
 * request of the page comes back with an answer that may mean an outage. When everything answers again, the page's
 * requests that failed meanwhile are asked again.
 */
export function ServiceStatusBanner() {
  const queryClient = useQueryClient();
  const [armed, setArmed] = useState(false);
  useEffect(() => whenIdle(() => setArmed(true)), []);
  const health = useQuery({ ...consoleHealthQuery(), enabled: armed });
  const state = health.data ?? "ok";

  // A request that failed as if something went away: check now rather than at the next turn.
  useEffect(() => {
    if (!armed) return;
    const { queryKey } = consoleHealthQuery();
    const recheck = () => void queryClient.invalidateQueries({ queryKey, exact: true });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (event.query.queryKey[0] === queryKey[0]) return;
      if (mayMeanAnOutage(event.action.error)) recheck();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && mayMeanAnOutage(event.action.error))
        recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [armed, queryClient]);

  // Back: what failed while it was away is asked again, so nobody has to press Retry on each list.
  const previous = useRef<ConsoleHealth>("ok");
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (was === "ok" || state !== "ok") return;
    const { queryKey } = consoleHealthQuery();
    void queryClient.refetchQueries({
      type: "active",
      predicate: (query) => query.state.status === "error" && query.queryKey[0] !== queryKey[0],
    });
  }, [state, queryClient]);

  // The live region is always there, so that a screen reader says the notice when it appears.
  if (state === "ok") return <div role="status" />;
  const { title, detail } = SAYS[state];
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 lg:px-8 print:hidden dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[auto_1fr] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_1fr_auto]">
        <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{title}</p>
          <p className="mt-0.5">{detail} This notice goes away by itself when it is back.</p>
        </div>
        <Button
          className="col-start-2 justify-self-start sm:col-start-3"
          variant="outline"
          size="sm"
          loading={health.isFetching}
          loadingText="Checking…"
          onClick={() => void health.refetch()}
        >
          Check now
        </Button>
      </div>
    </div>
  );
}
