"use client";

import { useHeardDepartures } from "@/components/approvals/heard-departures";
import { type Departure, departureOfStatus } from "@/lib/universal/approvals/departure";
import type { Transaction } from "@/shared/contract";

/** Said of a payment that no longer waits when neither its event nor its status says what became of it. */
const UNKNOWN: Departure = { outcome: "unknown" };

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
  return departureOfStatus(transaction.status, transaction.failureReason, transaction.updatedAt) ?? UNKNOWN;
}
