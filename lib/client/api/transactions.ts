import { queryOptions } from "@tanstack/react-query";
import type {
  ListTransactionsQuery,
  Transaction,
  TransactionList,
  TransactionStatus,
} from "../../../shared/contract";
import { pageKeys, queryKeys, RECENT_TRANSACTIONS } from "../../universal/api/keys";
import type { Overview, OverviewBalances, TransactionEvents } from "../../universal/console-api/types";
import { consoleCall, consoleHref, paymentsFetch, toQuery } from "./client";

export type { Overview, OverviewBalances, TransactionEvents };

/** Statuses after which a transaction never changes again (api-notes §5). */
const TERMINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
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
    | "accountIdentifier"
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
        ? consoleCall("GET /api/transactions/by-amount", { query: params, signal })
        : paymentsFetch<TransactionList>(`/transactions${toQuery(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });
/** How many of the latest transactions the overview lists. */

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
  return consoleHref("GET /api/transactions/export", { query: params });
}

// ---------------------------------------------------------------------------------------------------------
// The console's own endpoints

export const transactionEventsQuery = (transactionId: string) =>
  queryOptions({
    // Under the transaction's own key, so whatever refreshes the transaction refreshes its timeline.
    queryKey: [...queryKeys.transaction(transactionId), "events"],
    queryFn: ({ signal }) =>
      consoleCall("GET /api/transactions/[transactionId]/events", { params: { transactionId }, signal }),
  });

/** GET /api/overview (app/api/overview/route.ts). */

/** The balances, the same for every reader (their page arrives with them); live events refresh them. */
export const overviewBalancesQuery = () =>
  queryOptions({
    queryKey: pageKeys.overviewBalances(),
    queryFn: ({ signal }) => consoleCall("GET /api/overview/balances", { signal }),
    // The interval covers a dropped event stream.
    refetchInterval: 60_000,
  });

export const overviewQuery = (timeZone: string) =>
  queryOptions({
    queryKey: [...queryKeys.overview, "volume", timeZone],
    queryFn: ({ signal }) => consoleCall("GET /api/overview", { query: { timeZone }, signal }),
    // Live events refresh it on every payment; the interval covers a dropped event stream and the day rolling over.
    refetchInterval: 60_000,
  });

export const webhookRejectionsQuery = (limit: number) =>
  queryOptions({
    queryKey: [...queryKeys.webhooks, "rejections", limit],
    queryFn: ({ signal }) => consoleCall("GET /api/inbox/rejections", { query: { limit }, signal }),
    refetchInterval: 60_000,
  });
