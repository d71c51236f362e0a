import { dayEndIso, dayStartIso, defineFilters, type FilterValues } from "@/components/data-table/filters";
import { amountRangeParams } from "@/components/transactions/transaction-filters";
import { statusInfo } from "@/components/ui/status";
import type { QuoteListParams } from "@/lib/client/api/quotes";
import type { AmountRangeParams } from "@/lib/client/api/transactions";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { ApiError } from "@/shared/api-error";
import { quoteStatuses } from "@/shared/contract/limits";

/** Every filter of GET /quotes, each kept in the URL under the API's own parameter name. */
export const quoteFilters = defineFilters([
  {
    type: "select",
    key: "status",
    label: "Status",
    options: quoteStatuses.map((status) => ({ value: status, label: statusInfo(status).label })),
  },
  { type: "date-range", label: "Created", fromKey: "createdAfter", toKey: "createdBefore" },
  {
    type: "amount-range",
    label: "Sends",
    currencyKey: "amountCurrency",
    minKey: "minAmount",
    maxKey: "maxAmount",
    description: "What the quote sends",
  },
  { type: "customer", key: "customerId", label: "Sending customer" },
  { type: "account", key: "sendingAccountId", label: "Sending account", placeholder: "Account id" },
  { type: "account", key: "receivingAccountId", label: "Receiving account", placeholder: "Account id" },
  { type: "text", key: "sendingUmaAddress", label: "Sender UMA address", placeholder: "$name@domain" },
  { type: "text", key: "receivingUmaAddress", label: "Receiver UMA address", placeholder: "$name@domain" },
]);

export type QuoteFilterValues = FilterValues<typeof quoteFilters>;

export const FILTER_LABELS: Record<string, string> = {
  status: "Status",
  createdAfter: "Created from",
  createdBefore: "Created to",
  amountCurrency: "Sends currency",
  minAmount: "Sends at least",
  maxAmount: "Sends at most",
  customerId: "Sending customer",
  sendingAccountId: "Sending account",
  receivingAccountId: "Receiving account",
  sendingUmaAddress: "Sender UMA address",
  receivingUmaAddress: "Receiver UMA address",
};

const text = (value: string | null) => value ?? undefined;

/** The URL's filter values as GET /quotes parameters; days become instants in the reader's time zone. */
export function quoteListParams(
  values: QuoteFilterValues,
): Omit<QuoteListParams, "cursor"> & AmountRangeParams {
  return {
    status: text(values.status) as QuoteListParams["status"],
    createdAfter: dayStartIso(values.createdAfter),
    createdBefore: dayEndIso(values.createdBefore),
    customerId: text(values.customerId),
    sendingAccountId: text(values.sendingAccountId),
    receivingAccountId: text(values.receivingAccountId),
    // Addresses are case-insensitive and stored lowercase.
    sendingUmaAddress: text(values.sendingUmaAddress)?.toLowerCase(),
    receivingUmaAddress: text(values.receivingUmaAddress)?.toLowerCase(),
    ...amountRangeParams(values),
  };
}

/** A refused filter, named: "Sending account: Must be an id of the form …". */
export function explainQuoteFilterError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const fields = Object.entries(fieldErrors(error));
  if (fields.length === 0) return error;
  const message = fields.map(([path, problem]) => `${FILTER_LABELS[path] ?? path}: ${problem}`).join(". ");
  return new ApiError(error.status, error.code, `Check the filters. ${message}.`, error.details);
}
