import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { customerSchema, transactionSchema } from "../contract";
import { consoleFetch, paymentsFetch } from "./client";
import { queryKeys } from "./keys";

export const approvalQueueSchema = z.object({
  data: z.array(
    z.object({
      transaction: transactionSchema,
      counterpartyInformation: z.record(z.string(), z.unknown()),
      requestedReceiverCustomerInfoFields: z.array(z.object({ name: z.string(), mandatory: z.boolean() })),
      deadline: z.string(),
      receivedAt: z.string().optional(),
    }),
  ),
  approvalWindowSeconds: z.number(),
});
export type ApprovalQueue = z.infer<typeof approvalQueueSchema>;
export type PendingApproval = ApprovalQueue["data"][number];

export const approvalQueueQuery = () =>
  queryOptions({
    queryKey: queryKeys.approvals,
    queryFn: ({ signal }) => consoleFetch("/api/approvals", approvalQueueSchema, { signal }),
    // Live events keep it fresh; the interval covers a dropped event stream.
    refetchInterval: 30_000,
  });

export const customerQuery = (customerId: string) =>
  queryOptions({
    queryKey: queryKeys.customer(customerId),
    queryFn: ({ signal }) =>
      paymentsFetch(`/customers/${encodeURIComponent(customerId)}`, customerSchema, { signal }),
    staleTime: 60_000,
  });

export function approvePayment(transactionId: string, receiverCustomerInfo: Record<string, string>) {
  return paymentsFetch(`/transactions/${encodeURIComponent(transactionId)}/approve`, transactionSchema, {
    method: "POST",
    body: Object.keys(receiverCustomerInfo).length > 0 ? { receiverCustomerInfo } : {},
  });
}

export function rejectPayment(transactionId: string, reason: string) {
  return paymentsFetch(`/transactions/${encodeURIComponent(transactionId)}/reject`, transactionSchema, {
    method: "POST",
    body: reason.trim() ? { reason: reason.trim() } : {},
  });
}
