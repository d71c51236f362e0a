"use client";

import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { PlatformSummary } from "./platform-summary";

function frame(view: React.ReactNode) {
  return (
    <section
      aria-label="Platform"
      className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {view}
    </section>
  );
}

/**
 * The platform's settings on the overview. They come with the page when the payment API answers within the page's
 * read budget (configRead), as the other cards' figures do; otherwise the browser asks, and a failure is said in the
 * card with Retry, so a payment API that hangs never holds the whole overview back.
 */
export function PlatformCard() {
  const config = useQuery(configQuery());
  return (
    <QueryState
      query={config}
      keepDataOnError
      frame={frame}
      loading={<LoadingState label="Reading the platform's configuration" rows={2} columns={4} />}
      error={{ title: "The platform configuration could not be loaded" }}
    >
      {(data) => <PlatformSummary config={data} />}
    </QueryState>
  );
}
