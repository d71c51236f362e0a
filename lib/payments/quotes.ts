import { queryOptions } from "@tanstack/react-query";
import type { CreateQuoteBody, ListQuotesQuery, Quote, QuoteList } from "../../shared/contract";
import { paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

/** GET /quotes filters, every value optional. */
export type QuoteListParams = Partial<
  Pick<
    ListQuotesQuery,
    | "customerId"
    | "sendingAccountId"
    | "receivingAccountId"
    | "sendingUmaAddress"
    | "receivingUmaAddress"
    | "status"
    | "createdAfter"
    | "createdBefore"
    | "cursor"
    | "limit"
  >
>;

export const quoteListQuery = (params: QuoteListParams) =>
  queryOptions({
    queryKey: [...queryKeys.quotes, "list", params],
    queryFn: ({ signal }) => paymentsFetch<QuoteList>(`/quotes${toQuery(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/**
 * One quote. While it is PENDING it is re-read every few seconds: the service's clock decides when it expires,
 * and that clock need not agree with the browser's.
 */
export const quoteQuery = (quoteId: string) =>
  queryOptions({
    queryKey: [...queryKeys.quotes, quoteId],
    queryFn: ({ signal }) => paymentsFetch<Quote>(`/quotes/${encodeURIComponent(quoteId)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? 5_000 : false),
  });

export function createQuote(body: CreateQuoteBody) {
  return paymentsFetch<Quote>("/quotes", { method: "POST", body });
}

export function executeQuote(quoteId: string) {
  return paymentsFetch<Quote>(`/quotes/${encodeURIComponent(quoteId)}/execute`, { method: "POST" });
}

/**
 * When a quote runs out, on the platform's clock (lib/payments/platform-clock.ts). A quote just received is
 * anchored to its arrival (`receivedAtMs`, on the platform's clock too): its lifetime (expiresAt − createdAt)
 * counted from then, so the whole-second grain of the clock's reading cannot shorten or stretch it. A quote loaded
 * later has nothing to anchor to and uses expiresAt.
 */
export function quoteDeadline(quote: Pick<Quote, "createdAt" | "expiresAt">, receivedAtMs?: number): number {
  const expiresAt = Date.parse(quote.expiresAt);
  const createdAt = Date.parse(quote.createdAt);
  if (receivedAtMs === undefined || Number.isNaN(createdAt) || expiresAt < createdAt) return expiresAt;
  return receivedAtMs + (expiresAt - createdAt);
}

/** Whether a quote's money has been sent on its way, so its transaction exists. */
export function quoteWasExecuted(status: Quote["status"]): boolean {
  return status === "PROCESSING" || status === "COMPLETED" || status === "FAILED";
}
