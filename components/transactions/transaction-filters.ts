import { dayEndIso, dayStartIso, defineFilters, type FilterValues } from "@/components/data-table/filters";
import { statusInfo } from "@/components/ui/status";
import type { AmountRangeParams, TransactionListParams } from "@/lib/client/api/transactions";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { ApiError } from "@/shared/api-error";
import { transactionStatuses } from "@/shared/contract/limits";

/** Every filter of GET /transactions, each kept in the URL under the API's own parameter name. */
export const transactionFilters = defineFilters([
  {
    type: "select",
    key: "status",
    label: "Status",
    options: transactionStatuses.map((status) => ({
      value: status,
      label: statusInfo(status).label,
    })),
  },
  {
    type: "select",
    key: "type",
    label: "Direction",
    options: [
      { value: "INCOMING", label: "Incoming" },
      { value: "OUTGOING", label: "Outgoing" },
    ],
  },
  { type: "date-range", label: "Created", fromKey: "startDate", toKey: "endDate" },
  {
    type: "amount-range",
    label: "Amount",
    currencyKey: "amountCurrency",
    minKey: "minAmount",
    maxKey: "maxAmount",
    description: "The Amount column (what arrived, or what was sent)",
  },
  { type: "customer", key: "customerId", label: "Customer" },
  { type: "text", key: "platformCustomerId", label: "Platform customer ID", placeholder: "Your own id" },
  // Either side: an account's payments in and out (its "Payments" link on the accounts pages opens the list so).
  { type: "account", key: "accountIdentifier", label: "Account", placeholder: "Id or UMA address" },
  {
    type: "account",
    key: "senderAccountIdentifier",
    label: "Sender account",
    placeholder: "Id or UMA address",
  },
  {
    type: "account",
    key: "receiverAccountIdentifier",
    label: "Receiver account",
    placeholder: "Id or UMA address",
  },
  { type: "text", key: "reference", label: "Reference", placeholder: "Reconciliation reference" },
  {
    type: "select",
    key: "sortOrder",
    label: "Order",
    // The API's default is newest first, so "no value" reads as that; only the other order is stored.
    allLabel: "Newest first",
    options: [{ value: "asc", label: "Oldest first" }],
  },
]);

export type TransactionFilterValues = FilterValues<typeof transactionFilters>;

export const FILTER_LABELS: Record<string, string> = {
  status: "Status",
  type: "Direction",
  startDate: "Created from",
  endDate: "Created to",
  amountCurrency: "Amount currency",
  minAmount: "Amount at least",
  maxAmount: "Amount at most",
  customerId: "Customer",
  platformCustomerId: "Platform customer ID",
  accountIdentifier: "Account",
  senderAccountIdentifier: "Sender account",
  receiverAccountIdentifier: "Receiver account",
  reference: "Reference",
  sortOrder: "Order",
};

const text = (value: string | null) => value ?? undefined;

/**
 * The amount range as the console's by-amount routes take it. Bounds without a currency are sent too: the
 * route refuses them and the list says what is missing, rather than listing everything.
 */
export function amountRangeParams(values: {
  amountCurrency: string | null;
  minAmount: string | null;
  maxAmount: string | null;
}): AmountRangeParams {
  return {
    amountCurrency: text(values.amountCurrency),
    minAmount: text(values.minAmount),
    maxAmount: text(values.maxAmount),
  };
}

/**
 * The URL's filter values as GET /transactions parameters: calendar days become the first and last instants of
 * those days in the reader's time zone, so "10 March" means the reader's 10 March.
 */
export function transactionListParams(
  values: TransactionFilterValues,
): Omit<TransactionListParams, "cursor"> & AmountRangeParams {
  return {
    status: text(values.status) as TransactionListParams["status"],
    type: text(values.type) as TransactionListParams["type"],
    startDate: dayStartIso(values.startDate),
    endDate: dayEndIso(values.endDate),
    customerId: text(values.customerId),
    platformCustomerId: text(values.platformCustomerId),
    accountIdentifier: text(values.accountIdentifier),
    senderAccountIdentifier: text(values.senderAccountIdentifier),
    receiverAccountIdentifier: text(values.receiverAccountIdentifier),
    reference: text(values.reference),
    sortOrder: values.sortOrder === "asc" ? "asc" : undefined,
    ...amountRangeParams(values),
  };
}

/**
 * A refused filter names its field in the error's details; the list says which filter and why ("Customer:
 * Must be an id of the form Customer:<id>") instead of the generic "invalid parameters".
 */
export function explainFilterError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const fields = Object.entries(fieldErrors(error));
  if (fields.length === 0) return error;
  const message = fields.map(([path, problem]) => `${FILTER_LABELS[path] ?? path}: ${problem}`).join(". ");
  return new ApiError(error.status, error.code, `Check the filters. ${message}.`, error.details);
}
