"use client";

import { useQuery } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { QueryState } from "@/components/ui/query-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingState } from "@/components/ui/states";
import { webhookRejectionsQuery } from "@/lib/client/api/transactions";
import { onFirstUse } from "@/lib/universal/intl/on-first-use";
import { OverviewCard } from "./overview-card";

const REASONS: Record<string, string> = {
  no_public_key: "No public key is configured to verify it",
  missing_signature: "It carried no signature header",
  malformed_signature: "Its signature header could not be read",
  invalid_public_key: "The configured public key is not valid",
  bad_signature: "Its signature does not match its body",
};

const bytes = onFirstUse(
  () => new Intl.NumberFormat("en-US", { style: "unit", unit: "byte", unitDisplay: "long" }),
);

/** Deliveries that failed signature verification: a wrong key, a proxy rewriting bodies, or an attack. */
export function RejectedDeliveriesCard() {
  const query = useQuery(webhookRejectionsQuery(5));
  return (
    <OverviewCard
      id="rejected"
      title="Webhooks that failed verification"
      description="Refused and never processed."
      more={{ href: "/webhooks", label: "Open the inbox" }}
    >
      <QueryState
        query={query}
        loading={<LoadingState label="Loading failed deliveries" rows={3} columns={2} />}
        error={{ title: "Failed deliveries could not be loaded", headingLevel: "h3", className: "py-6" }}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <ShieldCheck aria-hidden="true" className="size-4 text-emerald-600" />
            Every webhook received so far verified.
          </p>
        }
      >
        {(data) => (
          <div className="flex flex-col gap-3">
            <p className="flex items-center gap-2 text-sm text-red-800 dark:text-red-300">
              <ShieldAlert aria-hidden="true" className="size-4" />
              {data.lastDayCount} in the last 24 hours
            </p>
            {data.lastDayNotStored > 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {data.lastDayNotStored} more rejected deliveries were not stored (over{" "}
                {data.storedPerAddressPerMinute} a minute from one address).
              </p>
            ) : null}
            <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {data.data.map((rejection) => (
                <li key={rejection.id} className="flex items-start justify-between gap-3 py-2">
                  <span>
                    {REASONS[rejection.reason] ?? rejection.reason}
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {bytes().format(rejection.bodyBytes)}
                    </span>
                  </span>
                  <RelativeTime
                    date={rejection.receivedAt}
                    clock="console"
                    className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400"
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </OverviewCard>
  );
}
