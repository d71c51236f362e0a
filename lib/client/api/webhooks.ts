import { queryOptions } from "@tanstack/react-query";
import type { SignatureDiagnosis } from "@/lib/universal/webhooks/signature-diagnosis";
import type { WebhookTestResult } from "../../../shared/contract";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import { consoleFetch, paymentsFetch, toQuery } from "./client";

// ---------------------------------------------------------------------------------------------------------
// The inbox (the console's own database)

/** A webhook the console verified and stored (GET /api/inbox, app/api/inbox/route.ts). */
export type VerifiedInboxRow = {
  kind: "verified";
  id: number;
  webhookId: string;
  type: string;
  receivedAt: string;
  transactionId: string | null;
  transactionStatus: string | null;
  responseStatus: number;
  responseBody: Record<string, unknown> | null;
  payload: Record<string, unknown>;
  /** Null when the payload holds personal data the person's role sees masked (lib/privacy). */
  rawBody: string | null;
};

/** A delivery the console refused (bad signature, unreadable body). */
export type RejectedInboxRow = {
  kind: "rejected";
  id: number;
  receivedAt: string;
  reason: string;
  type: string | null;
  bodyExcerpt: string;
  bodyBytes: number;
};

export type InboxRow = VerifiedInboxRow | RejectedInboxRow;

type InboxPage = { data: InboxRow[]; hasMore: boolean; nextCursor?: string | undefined };

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
      consoleFetch<InboxPage>(
        `/api/inbox${toQuery({ ...filters, unverified: filters.unverified ? "true" : undefined })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

// ---------------------------------------------------------------------------------------------------------
// Test webhooks, the public key, the signature checker

export function sendTestWebhook() {
  return paymentsFetch<WebhookTestResult>("/webhooks/test", { method: "POST" });
}

export type WebhookPublicKey = {
  /** The environment whose key this is, and the console's setting that holds it. */
  environment: "sandbox" | "production";
  setting: string;
  headerName: string;
  publicKeyPem: string | null;
  fingerprint?: string | undefined;
  keyType?: string | undefined;
  error?: string | undefined;
};

export const webhookPublicKeyQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "public-key"],
    queryFn: ({ signal }) => consoleFetch<WebhookPublicKey>("/api/webhooks/public-key", { signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/webhooks/check (app/api/webhooks/check/route.ts): lib/server/webhooks/diagnose.ts's answer, as JSON. */
export type SignatureDiagnosisResult = SignatureDiagnosis;

export function checkWebhookSignature(input: { rawBody: string; header: string }) {
  return consoleFetch<SignatureDiagnosisResult>("/api/webhooks/check", { method: "POST", body: input });
}

// ---------------------------------------------------------------------------------------------------------
// Deliveries as the local service recorded them (a /_local extension; absent with a real deployment)

/** One delivery as the local service's `GET /_local/webhook-deliveries` reports it (extra fields pass through). */
export type WebhookDelivery = {
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
