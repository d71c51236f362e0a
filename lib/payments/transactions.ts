import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import {
  currencySchema,
  type ListTransactionsQuery,
  type TransactionStatus,
  transactionListSchema,
  transactionSchema,
} from "../contract";
import { consoleFetch, paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

/** Statuses after which a transaction never changes again (api-notes §5). */
export const TERMINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
];

export function isTerminalTransactionStatus(status: string | undefined): boolean {
  return status !== undefined && (TERMINAL_TRANSACTION_STATUSES as readonly string[]).includes(status);
}

/** While a followed transaction can still change, it is re-read this often in case a live event is missed. */
const FOLLOW_INTERVAL_MS = 4_000;

/** GET /transactions filters as the list and the export take them; every value optional. */
export type TransactionListParams = Partial<
  Pick<
    ListTransactionsQuery,
    | "customerId"
    | "platformCustomerId"
    | "senderAccountIdentifier"
    | "receiverAccountIdentifier"
    | "status"
    | "type"
    | "reference"
    | "startDate"
    | "endDate"
    | "sortOrder"
    | "cursor"
    | "limit"
  >
>;

export const transactionListQuery = (params: TransactionListParams) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, "list", params],
    queryFn: ({ signal }) =>
      paymentsFetch(`/transactions${toQuery(params)}`, transactionListSchema, { signal }),
    placeholderData: (previous) => previous,
  });

/** One transaction, re-read every few seconds until it reaches a final status; live events refresh it sooner. */
export const transactionQuery = (transactionId: string) =>
  queryOptions({
    queryKey: queryKeys.transaction(transactionId),
    queryFn: ({ signal }) =>
      paymentsFetch(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data && isTerminalTransactionStatus(query.state.data.status) ? false : FOLLOW_INTERVAL_MS,
  });

/** Where the export streams the whole filtered set as CSV; the browser downloads it as a file. */
export function transactionExportHref(params: Omit<TransactionListParams, "cursor" | "limit">): string {
  return `/api/transactions/export${toQuery(params)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The console's own endpoints

export const transactionEventSchema = z.object({
  webhookId: z.string(),
  type: z.string(),
  transactionStatus: z.string().nullable(),
  failureReason: z.string().nullable(),
  receivedAt: z.string(),
  occurredAt: z.string(),
  responseStatus: z.number(),
});

export const transactionEventsSchema = z.object({
  data: z.array(transactionEventSchema),
  /** The sender's (or receiver's) information as the webhooks carried it, the newest copy. */
  counterpartyInformation: z.record(z.string(), z.string()).optional(),
  /** What the sender's side asked about our recipient, from the pending INCOMING_PAYMENT webhook. */
  requestedReceiverCustomerInfoFields: z
    .array(z.object({ name: z.string(), mandatory: z.boolean() }))
    .optional(),
});
export type TransactionEvents = z.infer<typeof transactionEventsSchema>;

export const transactionEventsQuery = (transactionId: string) =>
  queryOptions({
    // Under the transaction's own key, so whatever refreshes the transaction refreshes its timeline.
    queryKey: [...queryKeys.transaction(transactionId), "events"],
    queryFn: ({ signal }) =>
      consoleFetch(`/api/transactions/${encodeURIComponent(transactionId)}/events`, transactionEventsSchema, {
        signal,
      }),
  });

const minorSumSchema = z.string().regex(/^-?\d+$/);

const currencyBalanceSchema = z.object({
  currency: currencySchema,
  amount: minorSumSchema,
  accounts: z.number(),
});

export const overviewSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  days: z.array(z.string()),
  balances: z.object({
    platform: z.array(currencyBalanceSchema),
    customers: z.array(currencyBalanceSchema),
    customerAccountsCounted: z.number(),
    customerAccountsTotal: z.number().optional(),
    customersComplete: z.boolean(),
  }),
  volume: z.object({
    currencies: z.array(
      z.object({
        currency: currencySchema,
        days: z.array(
          z.object({
            day: z.string(),
            incoming: minorSumSchema,
            outgoing: minorSumSchema,
            incomingCount: z.number(),
            outgoingCount: z.number(),
          }),
        ),
      }),
    ),
    transactionsCounted: z.number(),
    complete: z.boolean(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const overviewQuery = (timeZone: string) =>
  queryOptions({
    queryKey: [...queryKeys.overview, timeZone],
    queryFn: ({ signal }) =>
      consoleFetch(`/api/overview${toQuery({ timeZone })}`, overviewSchema, { signal }),
    // Live events refresh it on every payment; the interval covers a dropped event stream and the day rolling over.
    refetchInterval: 60_000,
  });

export const webhookRejectionsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      receivedAt: z.string(),
      reason: z.string(),
      bodyBytes: z.number(),
    }),
  ),
  lastDayCount: z.number(),
});
export type WebhookRejections = z.infer<typeof webhookRejectionsSchema>;

export const webhookRejectionsQuery = (limit: number) =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "rejections", limit],
    queryFn: ({ signal }) =>
      consoleFetch(`/api/inbox/rejections${toQuery({ limit })}`, webhookRejectionsSchema, { signal }),
    refetchInterval: 60_000,
  });
