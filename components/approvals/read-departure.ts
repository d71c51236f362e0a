"use client";

import { type QueryClient, useQuery } from "@tanstack/react-query";
import { transactionQuery } from "@/lib/client/api/transactions";
import { type Departure, departureOfStatus } from "@/lib/universal/approvals/departure";
import type { Transaction } from "@/shared/contract";

/** Said of a payment that left the queue when neither an event nor its status says what became of it. */
export const UNKNOWN_DEPARTURE: Departure = { outcome: "unknown" };

const departureOfTransaction = (transaction: Transaction): Departure =>
  departureOfStatus(transaction.status, transaction.failureReason, transaction.updatedAt) ??
  UNKNOWN_DEPARTURE;

/**
 * What became of a payment that no longer waits, read from the payment itself when the page heard nothing of it (its
 * live updates blocked or lost): approved, rejected, timed out or failed, and when, rather than "decided elsewhere".
 * Who decided it is known only from the console's live events (`heard`), which say more and are used when there.
 */
export function useReadDeparture(
  transactionId: string | null,
  heard: Departure | undefined,
  gone: boolean,
): Departure {
  const read = useQuery({
    ...transactionQuery(transactionId ?? ""),
    enabled: gone && transactionId !== null && heard === undefined,
  });
  if (heard) return heard;
  return read.data ? departureOfTransaction(read.data) : UNKNOWN_DEPARTURE;
}

/** The same, read once (bulk approval's summary of a payment refused as no longer waiting); unknown if unreadable. */
export async function readDeparture(queryClient: QueryClient, transactionId: string): Promise<Departure> {
  try {
    return departureOfTransaction(
      await queryClient.fetchQuery({ ...transactionQuery(transactionId), staleTime: 0 }),
    );
  } catch {
    return UNKNOWN_DEPARTURE;
  }
}
