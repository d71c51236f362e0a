"use client";

import { useHeardDepartures } from "@/components/approvals/heard-departures";
import { UNKNOWN_DEPARTURE } from "@/components/approvals/read-departure";
import { type Departure, departureOfStatus } from "@/lib/universal/approvals/departure";
import type { Transaction } from "@/shared/contract";

/**
 * What became of a held payment shown on its own page, once it no longer waits: who decided it and when, as the page
 * heard it from the console's live events (the queue's source, components/approvals/heard-departures.ts), else what
 * its status, read again, says. Undefined while it waits.
 */
export function useDecidedMeanwhile(transaction: Transaction): Departure | undefined {
  const { departures } = useHeardDepartures();
  const heard = departures.get(transaction.id);
  if (heard) return heard;
  if (transaction.status === "PENDING") return undefined;
  return (
    departureOfStatus(transaction.status, transaction.failureReason, transaction.updatedAt) ??
    UNKNOWN_DEPARTURE
  );
}
