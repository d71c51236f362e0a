import { queryOptions } from "@tanstack/react-query";
import type {
  Currency,
  ListTransactionsQuery,
  Transaction,
  TransactionList,
  TransactionStatus,
} from "../../../shared/contract";
import { pageKeys, queryKeys, RECENT_TRANSACTIONS } from "../../universal/api/keys";
import type { PolicyEvaluationView } from "../../universal/policies/evaluation-view";
import type { TransactionDecisionRecord } from "../../universal/transactions/timeline";
import { consoleFetch, paymentsFetch, toQuery } from "./client";

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

/** The console's amount range (lib/universal/transactions/amount-range.ts); the payment API has no amount filter. */
export type AmountRangeParams = {
  amountCurrency?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
};

export function hasAmountRange(params: AmountRangeParams): boolean {
  return Boolean(params.amountCurrency || params.minAmount || params.maxAmount);
}

/**
 * A page of transactions. With an amount range the console's own route answers (GET
 * /api/transactions/by-amount, which reads the API's pages and keeps those in range); otherwise the API's list
 * through the proxy.
 */
export const transactionListQuery = (params: TransactionListParams & AmountRangeParams) =>
  queryOptions({
    queryKey: pageKeys.transactionList(params),
    queryFn: ({ signal }) =>
      hasAmountRange(params)
        ? consoleFetch<TransactionList>(`/api/transactions/by-amount${toQuery(params)}`, { signal })
        : paymentsFetch<TransactionList>(`/transactions${toQuery(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** How many of the latest transactions the overview lists. */
export { RECENT_TRANSACTIONS };

/** The overview's latest transactions, whatever their status. */
export const recentTransactionsQuery = () => transactionListQuery({ limit: RECENT_TRANSACTIONS });

/** One transaction, re-read every few seconds until it reaches a final status; live events refresh it sooner. */
export const transactionQuery = (transactionId: string) =>
  queryOptions({
    queryKey: queryKeys.transaction(transactionId),
    queryFn: ({ signal }) =>
      paymentsFetch<Transaction>(`/transactions/${encodeURIComponent(transactionId)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && isTerminalTransactionStatus(query.state.data.status) ? false : FOLLOW_INTERVAL_MS,
  });

/** Where the export streams the whole filtered set as CSV; the browser downloads it as a file. */
export function transactionExportHref(
  params: Omit<TransactionListParams, "cursor" | "limit"> & AmountRangeParams,
): string {
  return `/api/transactions/export${toQuery(params)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The console's own endpoints

export type TransactionEvent = {
  webhookId: string;
  type: string;
  transactionStatus: string | null;
  failureReason: string | null;
  receivedAt: string;
  occurredAt: string;
  responseStatus: number;
};

/** GET /api/transactions/:id/events (app/api/transactions/[transactionId]/events/route.ts). */
export type TransactionEvents = {
  data: TransactionEvent[];
  /** The sender's (or receiver's) information as the webhooks carried it, the newest copy. */
  counterpartyInformation?: Record<string, string> | undefined;
  /** The fields of counterpartyInformation masked for the person's role (lib/privacy). */
  maskedCounterpartyFields?: string[] | undefined;
  /** What the sender's side asked about our recipient, from the pending INCOMING_PAYMENT webhook. */
  requestedReceiverCustomerInfoFields?: { name: string; mandatory: boolean }[] | undefined;
  /** Approvals and rejections people made in this console, from its audit log, oldest first. */
  decisions?: TransactionDecisionRecord[] | undefined;
  /** The approval policies' evaluations of it (lib/policies), oldest first. */
  policyEvaluations?: PolicyEvaluationView[] | undefined;
};

export const transactionEventsQuery = (transactionId: string) =>
  queryOptions({
    // Under the transaction's own key, so whatever refreshes the transaction refreshes its timeline.
    queryKey: [...queryKeys.transaction(transactionId), "events"],
    queryFn: ({ signal }) =>
      consoleFetch<TransactionEvents>(`/api/transactions/${encodeURIComponent(transactionId)}/events`, {
        signal,
      }),
  });

/** A sum of minor units as a decimal string (`-?\d+`): it may exceed 2^53. */
type MinorSum = string;

type CurrencyBalance = { currency: Currency; amount: MinorSum; accounts: number };

/** GET /api/overview (app/api/overview/route.ts). */
/** GET /api/overview/balances (lib/server/transactions/overview-figures.ts): what the platform and its customers hold. */
export type OverviewBalances = {
  platform: CurrencyBalance[];
  customers: CurrencyBalance[];
  customerAccountsCounted: number;
  customerAccountsTotal?: number | undefined;
  customersComplete: boolean;
};

/** GET /api/overview: 30 days of completed payments per currency and day, in the reader's time zone. */
export type Overview = {
  generatedAt: string;
  timeZone: string;
  days: string[];
  volume: {
    currencies: {
      currency: Currency;
      days: {
        day: string;
        incoming: MinorSum;
        outgoing: MinorSum;
        incomingCount: number;
        outgoingCount: number;
      }[];
    }[];
    transactionsCounted: number;
    complete: boolean;
  };
};

/** The balances, the same for every reader (their page arrives with them); live events refresh them. */
export const overviewBalancesQuery = () =>
  queryOptions({
    queryKey: pageKeys.overviewBalances(),
    queryFn: ({ signal }) => consoleFetch<OverviewBalances>("/api/overview/balances", { signal }),
    // The interval covers a dropped event stream.
    refetchInterval: 60_000,
  });

export const overviewQuery = (timeZone: string) =>
  queryOptions({
    queryKey: [...queryKeys.overview, "volume", timeZone],
    queryFn: ({ signal }) => consoleFetch<Overview>(`/api/overview${toQuery({ timeZone })}`, { signal }),
    // Live events refresh it on every payment; the interval covers a dropped event stream and the day rolling over.
    refetchInterval: 60_000,
  });

/** GET /api/inbox/rejections (app/api/inbox/rejections/route.ts). */
export type WebhookRejections = {
  data: { id: number; receivedAt: string; reason: string; bodyBytes: number }[];
  lastDayCount: number;
  lastDayNotStored: number;
  storedPerAddressPerMinute: number;
};

export const webhookRejectionsQuery = (limit: number) =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "rejections", limit],
    queryFn: ({ signal }) =>
      consoleFetch<WebhookRejections>(`/api/inbox/rejections${toQuery({ limit })}`, { signal }),
    refetchInterval: 60_000,
  });
