import { queryOptions } from "@tanstack/react-query";
import type {
  CreateQuoteBody,
  ListQuotesQuery,
  Quote,
  QuoteList,
  RealTimeFundingInstruction,
  Transaction,
} from "../../../shared/contract";
import { REALTIME_FUNDING_SOURCE_TYPE } from "../../../shared/contract/limits";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import { consoleCall, paymentsFetch, toQuery } from "./client";
import { type AmountRangeParams, hasAmountRange } from "./transactions";

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

/**
 * A page of quotes. With an amount range the console's own route answers (GET /api/quotes/by-amount, which reads
 * the API's pages and keeps the quotes in range); otherwise the API's list through the proxy.
 */
export const quoteListQuery = (params: QuoteListParams & AmountRangeParams) =>
  queryOptions({
    queryKey: pageKeys.quoteList(params),
    queryFn: ({ signal }) =>
      hasAmountRange(params)
        ? consoleCall("GET /api/quotes/by-amount", { query: params, signal })
        : paymentsFetch<QuoteList>(`/quotes${toQuery(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/**
 * One quote. While it is PENDING it is re-read every few seconds: the service's clock decides when it expires,
 * and that clock need not agree with the browser's. A real-time funded quote is re-read while it waits for its
 * money too, which arrives from outside the console.
 */
export const quoteQuery = (quoteId: string) =>
  queryOptions({
    queryKey: [...queryKeys.quotes, quoteId],
    queryFn: ({ signal }) => paymentsFetch<Quote>(`/quotes/${encodeURIComponent(quoteId)}`, { signal }),
    refetchInterval: (query) => {
      const quote = query.state.data;
      if (quote?.status === "PENDING") return 5_000;
      return quote?.status === "PROCESSING" && isRealTimeFunded(quote) ? 5_000 : false;
    },
  });

/** A quote the sender funds just in time (source `{customerId?, currency}`), by its paymentInstructions. */
export function isRealTimeFunded(quote: Pick<Quote, "source">): boolean {
  return quote.source.sourceType === REALTIME_FUNDING_SOURCE_TYPE;
}

/** The instructions of a real-time funded quote: where to send the money and the reference that matches it. */
export function realTimeFundingInstructions(
  quote: Pick<Quote, "paymentInstructions">,
): RealTimeFundingInstruction[] {
  // Other kinds of instruction (a bank or wallet to collect from) have no reference and bank account of this shape.
  return (quote.paymentInstructions ?? []).filter(
    (instruction): instruction is RealTimeFundingInstruction =>
      typeof (instruction as Record<string, unknown>).reference === "string" &&
      typeof (instruction as Record<string, unknown>).bankAccountInfo === "object",
  );
}

/** Sandbox only: the quote's money arrives as its instructions ask (POST /sandbox/send), and it is paid. */
export function fundQuoteInSandbox(quote: Pick<Quote, "quoteId" | "sendingCurrency">) {
  return paymentsFetch<Transaction>("/sandbox/send", {
    method: "POST",
    body: { quoteId: quote.quoteId, currencyCode: quote.sendingCurrency.code },
  });
}

export function createQuote(body: CreateQuoteBody) {
  return paymentsFetch<Quote>("/quotes", { method: "POST", body });
}

export function executeQuote(quoteId: string) {
  return paymentsFetch<Quote>(`/quotes/${encodeURIComponent(quoteId)}/execute`, { method: "POST" });
}

/**
 * When a quote runs out, on the platform's clock (lib/universal/api/platform-clock.ts). A quote just received is
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
