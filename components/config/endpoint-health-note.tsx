"use client";

import { useQuery } from "@tanstack/react-query";
import { RelativeTime } from "@/components/ui/relative-time";
import { WrappableValue } from "@/components/ui/wrappable-address";
import { webhookEndpointHealthQuery } from "@/lib/client/api/config";
import { EndpointFailing } from "./endpoint-test-result";

/**
 * After a reload (or on any visit), what a save's TEST said: the configured endpoint's latest delivery went
 * unanswered, so incoming payments fail, with "Put back" the endpoint it replaced when the history knows it. Read
 * after the page is drawn; nothing while the endpoint answers or nothing is known.
 */
export function EndpointHealthNote({ endpoint, readOnly }: { endpoint: string; readOnly: boolean }) {
  const query = useQuery(webhookEndpointHealthQuery());
  const health = query.data;
  if (health?.state !== "not-answering" || health.endpoint !== endpoint) return null;
  const attempt = health.lastAttempt;
  return (
    <EndpointFailing
      previous={health.previous}
      readOnly={readOnly}
      lead={
        <>
          <span className="font-medium">
            <span className="font-mono text-xs">
              <WrappableValue text={endpoint} />
            </span>{" "}
            is not answering.
          </span>{" "}
          {attempt ? (
            <>
              Its latest delivery, <RelativeTime date={attempt.at} clock="console" />, got{" "}
              {attempt.error ? `no answer (${attempt.error})` : `HTTP ${attempt.statusCode ?? "no status"}`}.
            </>
          ) : null}
        </>
      }
    />
  );
}
