"use client";

import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { usePermission } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { subjectScreeningsQuery } from "@/lib/client/api/screening";
import type { TransactionEvents } from "@/lib/client/api/transactions";
import { screeningTimeline } from "@/lib/universal/screening/timeline-entries";
import { buildTimeline } from "@/lib/universal/transactions/timeline";
import type { Transaction } from "@/shared/contract";
import { TransactionTimeline } from "../transaction-timeline";

/** The payment's way to its status, from the webhooks received and the decisions taken here. */
export function TimelineCard({
  transaction,
  events,
}: {
  transaction: Transaction;
  events: UseQueryResult<TransactionEvents>;
}) {
  // The sender's screenings, for those who may see them (the same query as the Screening card's: one request).
  const screeningRead = usePermission("screening.read");
  const screenings = useQuery({
    ...subjectScreeningsQuery({ payment: transaction.id }),
    enabled: screeningRead.allowed,
  });
  const timeline = buildTimeline(
    transaction,
    events.data?.data ?? [],
    events.data?.decisions,
    events.data?.policyEvaluations,
    screeningTimeline(screeningRead.allowed ? (screenings.data?.data ?? []) : []),
  );
  return (
    <Card aria-labelledby="timeline-heading">
      <CardHeader>
        <div>
          <CardTitle id="timeline-heading">Status timeline</CardTitle>
          <CardDescription>
            From the webhooks this console received about the payment, how its sender was screened, and who
            (or which policy) decided on it here.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {/* The timeline is drawn from the payment's own record at once; only a failure of the webhooks is said. */}
        <QueryState
          query={events}
          loading={null}
          error={() => (
            <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
              The webhooks could not be loaded; only what the payment API's record says is shown.
            </p>
          )}
        >
          {() => null}
        </QueryState>
        <TransactionTimeline entries={timeline} />
      </CardContent>
    </Card>
  );
}
