import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { webhookTestResultSchema } from "../contract";
import { consoleFetch, paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

// ---------------------------------------------------------------------------------------------------------
// The inbox (the console's own database)

export const verifiedInboxRowSchema = z.object({
  kind: z.literal("verified"),
  id: z.number(),
  webhookId: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  transactionId: z.string().nullable(),
  transactionStatus: z.string().nullable(),
  responseStatus: z.number(),
  responseBody: z.record(z.string(), z.unknown()).nullable(),
  payload: z.record(z.string(), z.unknown()),
  rawBody: z.string(),
});
export type VerifiedInboxRow = z.infer<typeof verifiedInboxRowSchema>;

export const rejectedInboxRowSchema = z.object({
  kind: z.literal("rejected"),
  id: z.number(),
  receivedAt: z.string(),
  reason: z.string(),
  type: z.string().nullable(),
  bodyExcerpt: z.string(),
  bodyBytes: z.number(),
});
export type RejectedInboxRow = z.infer<typeof rejectedInboxRowSchema>;

export const inboxRowSchema = z.discriminatedUnion("kind", [verifiedInboxRowSchema, rejectedInboxRowSchema]);
export type InboxRow = z.infer<typeof inboxRowSchema>;

const inboxPageSchema = z.object({
  data: z.array(inboxRowSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});

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
    queryKey: [...queryKeys.webhooks, "inbox", filters],
    queryFn: ({ signal }) =>
      consoleFetch(
        `/api/inbox${toQuery({ ...filters, unverified: filters.unverified ? "true" : undefined })}`,
        inboxPageSchema,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

// ---------------------------------------------------------------------------------------------------------
// Test webhooks, the public key, the signature checker

export function sendTestWebhook() {
  return paymentsFetch("/webhooks/test", webhookTestResultSchema, { method: "POST" });
}

export const webhookPublicKeySchema = z.object({
  headerName: z.string(),
  publicKeyPem: z.string().nullable(),
  fingerprint: z.string().optional(),
  keyType: z.string().optional(),
  error: z.string().optional(),
});
export type WebhookPublicKey = z.infer<typeof webhookPublicKeySchema>;

export const webhookPublicKeyQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "public-key"],
    queryFn: ({ signal }) => consoleFetch("/api/webhooks/public-key", webhookPublicKeySchema, { signal }),
    staleTime: 5 * 60_000,
  });

export const signatureDiagnosisSchema = z.object({
  verifies: z.boolean(),
  reason: z.enum([
    "verifies",
    "no_public_key",
    "invalid_public_key",
    "missing_header",
    "wrong_format",
    "whitespace",
    "reserialised_json",
    "wrong_key",
  ]),
  format: z.enum(["json", "sha256", "base64"]).optional(),
  summary: z.string(),
  advice: z.string(),
  variant: z.string().optional(),
});
export type SignatureDiagnosisResult = z.infer<typeof signatureDiagnosisSchema>;

export function checkWebhookSignature(input: { rawBody: string; header: string }) {
  return consoleFetch("/api/webhooks/check", signatureDiagnosisSchema, { method: "POST", body: input });
}

// ---------------------------------------------------------------------------------------------------------
// Deliveries as the local service recorded them (a /_local extension; absent with a real deployment)

export const webhookDeliverySchema = z.looseObject({
  webhookId: z.string(),
  type: z.string(),
  status: z.string(),
  createdAt: z.string(),
  attempts: z.array(
    z.looseObject({
      url: z.string(),
      attemptedAt: z.string(),
      durationMs: z.number().nullable().optional(),
      statusCode: z.number().nullable(),
      responseBody: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const webhookDeliveriesSchema = z.looseObject({ data: z.array(webhookDeliverySchema), hasMore: z.boolean() });

export function listWebhookDeliveries(limit = 50, signal?: AbortSignal) {
  return paymentsFetch(`/_local/webhook-deliveries${toQuery({ limit })}`, webhookDeliveriesSchema, {
    signal,
  });
}
