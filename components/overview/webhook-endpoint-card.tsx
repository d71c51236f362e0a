"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { RelativeTime } from "@/components/ui/relative-time";
import { WrappableValue } from "@/components/ui/wrappable-address";
import { webhookEndpointHealthQuery } from "@/lib/client/api/config";
import { OverviewCard } from "./overview-card";

/**
 * Incoming payments failing because the webhook endpoint does not answer (the payment API fails a pending payment
 * whose webhook gets no answer), with the way to /config where it is fixed or put back. Read after the page is drawn,
 * as the overview's other cards are; drawn only while the endpoint's latest delivery went unanswered.
 */
export function WebhookEndpointCard() {
  const query = useQuery(webhookEndpointHealthQuery());
  const health = query.data;
  if (health?.state !== "not-answering" || !health.endpoint) return null;
  return (
    <OverviewCard
      id="webhook-endpoint-failing"
      title="Incoming payments are failing"
      description="The webhook endpoint does not answer the payment API, which fails each pending incoming payment whose webhook gets no answer."
      more={{ href: "/config", label: "Fix the webhook endpoint in Configuration" }}
      className="border-red-300 lg:col-span-2 xl:col-span-3 dark:border-red-900"
    >
      <p className="flex min-w-0 items-start gap-2 text-sm text-red-800 dark:text-red-300">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 wrap-break-word">
          <span className="wrap-break-word font-mono text-xs">
            <WrappableValue text={health.endpoint} />
          </span>{" "}
          did not answer
          {health.lastAttempt ? (
            <>
              {" "}
              its latest delivery, <RelativeTime date={health.lastAttempt.at} clock="console" />
            </>
          ) : null}
          .
        </span>
      </p>
    </OverviewCard>
  );
}
