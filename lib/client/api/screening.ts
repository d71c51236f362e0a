import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import { consoleCall } from "./client";

/** Whose screenings: a payment's sender, a customer, or the holder of an external account (`recipient`). */
export type ScreeningSubject = { payment: string } | { customer: string } | { recipient: string };

/** A subject's screenings, newest first (GET /api/screening/results). */
export const subjectScreeningsQuery = (subject: ScreeningSubject) =>
  queryOptions({
    queryKey: [...queryKeys.screening, "results", subject] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/screening/results", { query: subject, signal }),
  });

/** The alerts queue: open potential matches, oldest first. */
export const screeningAlertsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.screening, "alerts"] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/screening/alerts", { signal }),
  });

/** The watchlists' versions and health. */
export const screeningListsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.screening, "lists"] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/screening/lists", { signal }),
  });

export function dismissScreeningHit(
  resultId: string,
  body: { listId: string; entryId: string; reason: string },
) {
  return consoleCall("POST /api/screening/results/[resultId]/dismiss", { params: { resultId }, body });
}

/** The screening with one of the sender's masked fields shown and compared, the reason audited. */
export function revealScreeningField(
  resultId: string,
  body: { field: "BIRTH_DATE" | "NATIONALITY"; justification: string },
) {
  return consoleCall("POST /api/screening/results/[resultId]/reveal", { params: { resultId }, body });
}

/** The holder of an external account about to be paid, screened once (POST /api/screening/recipients). */
export function screenRecipient(accountId: string, customerIds: string[], signal?: AbortSignal) {
  const body = customerIds.length > 0 ? { accountId, customerIds } : { accountId };
  return consoleCall("POST /api/screening/recipients", { body, signal });
}

export function searchWatchlists(body: {
  name: string;
  kind?: "person" | "entity";
  dateOfBirth?: string;
  nationality?: string;
}) {
  return consoleCall("POST /api/screening/search", { body });
}

export function refreshWatchlists() {
  return consoleCall("POST /api/screening/lists/refresh");
}

/** Uploads a new file of a list published as one file; read whole before it replaces the version in use. */
export function uploadWatchlist(list: "un" | "ofac-advanced" | "eu-fsf", file: File) {
  return consoleCall("POST /api/screening/lists/upload", { query: { list }, file });
}

/** Confirms a potential match: the first officer proposes, a second confirms (then a payment is rejected). */
export function confirmScreeningHit(
  resultId: string,
  body: { listId: string; entryId: string; reason: string },
) {
  return consoleCall("POST /api/screening/results/[resultId]/confirm", { params: { resultId }, body });
}

/** The lists' sources and the changes to them waiting for a second admin. */
export const screeningSourcesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.screening, "sources"] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/screening/sources", { signal }),
  });

/** Proposes a list's source (a second admin approves it). */
export function proposeScreeningSource(body: { listId: string; location: string; intervalHours: number }) {
  return consoleCall("POST /api/screening/sources", { body });
}

/** Proposes removing a list's source (a second admin approves it). */
export function proposeScreeningSourceRemoval(sourceId: string) {
  return consoleCall("DELETE /api/screening/sources/[sourceId]", { params: { sourceId } });
}

/** Queues a source's fetch now. */
export function refreshScreeningSource(sourceId: string) {
  return consoleCall("POST /api/screening/sources/[sourceId]/refresh", { params: { sourceId } });
}
