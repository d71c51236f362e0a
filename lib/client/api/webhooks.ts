import { queryOptions } from "@tanstack/react-query";
import type { WebhookTestResult } from "../../../shared/contract";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import type { InboxRow, SignatureDiagnosisResult, WebhookPublicKey } from "../../universal/console-api/types";
import { consoleCall, paymentsFetch, toQuery } from "./client";

export type { InboxRow, SignatureDiagnosisResult, WebhookPublicKey };

// ---------------------------------------------------------------------------------------------------------
// The inbox (the console's own database)

export interface InboxFilters {
  type?: string;
  transactionId?: string;
  from?: string;
  to?: string;
  unverified?: boolean;
  cursor?: string;
}

export const inboxQuery = (filters: InboxFilters) =>
  queryOptions({
    // Under `webhooks`, so every live webhook event refreshes the inbox.
    queryKey: pageKeys.inbox(filters),
    queryFn: ({ signal }) =>
      consoleCall("GET /api/inbox", {
        query: { ...filters, unverified: filters.unverified ? "true" : undefined },
        signal,
      }),
    placeholderData: (previous) => previous,
  });

// ---------------------------------------------------------------------------------------------------------
// Test webhooks, the public key, the signature checker

export function sendTestWebhook() {
  return paymentsFetch<WebhookTestResult>("/webhooks/test", { method: "POST" });
}

export const webhookPublicKeyQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "public-key"],
    queryFn: ({ signal }) => consoleCall("GET /api/webhooks/public-key", { signal }),
    staleTime: 5 * 60_000,
  });

export function checkWebhookSignature(input: { rawBody: string; header: string }) {
  return consoleCall("POST /api/webhooks/check", { body: input });
}

// ---------------------------------------------------------------------------------------------------------
// Deliveries as the local service recorded them (a /_local extension; absent with a real deployment)

/** One delivery as the local service's `GET /_local/webhook-deliveries` reports it (extra fields pass through). */
type WebhookDelivery = {
  webhookId: string;
  type: string;
  status: string;
  createdAt: string;
  attempts: {
    url: string;
    attemptedAt: string;
    durationMs?: number | null | undefined;
    statusCode: number | null;
    responseBody: string | null;
    error: string | null;
    [key: string]: unknown;
  }[];
  [key: string]: unknown;
};

type WebhookDeliveries = { data: WebhookDelivery[]; hasMore: boolean; [key: string]: unknown };

export function listWebhookDeliveries(limit = 50, signal?: AbortSignal) {
  return paymentsFetch<WebhookDeliveries>(`/_local/webhook-deliveries${toQuery({ limit })}`, {
    signal,
  });
}

/**
 * The local service's latest deliveries before an endpoint changes, so that the TEST event the change sends is told
 * apart from them; null when they cannot be listed (a real deployment does not report its deliveries).
 */
export async function deliveriesBeforeEndpointChange(localService: boolean): Promise<string[] | null> {
  if (!localService) return null;
  try {
    return (await listWebhookDeliveries(100)).data.map((delivery) => delivery.webhookId);
  } catch {
    return null;
  }
}
