import type { Quote, RetryQuoteBody } from "../../../shared/contract";
import { paymentsFetch } from "./client";

/** POST /quotes/{quoteId}/retry: pays a failed or refunded UMA payment again, as a new quote executed at once. */
export function retryPayment(quoteId: string, body: RetryQuoteBody) {
  return paymentsFetch<Quote>(`/quotes/${encodeURIComponent(quoteId)}/retry`, { method: "POST", body });
}
