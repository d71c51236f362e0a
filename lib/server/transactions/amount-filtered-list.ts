import "server-only";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { pageLimitSchema } from "../../../shared/contract";
import { type AmountRange, parseAmountRange } from "../../universal/transactions/amount-range";
import { decodeScanCursor } from "../../universal/transactions/scan-cursor";
import { parseQuery } from "../http/query";

const AMOUNT_KEYS = ["amountCurrency", "minAmount", "maxAmount"] as const;

const amountShape = {
  amountCurrency: z.string().max(3).optional(),
  minAmount: z.string().max(40).optional(),
  maxAmount: z.string().max(40).optional(),
};

/** The three amount values out of the API's filters: the range they make, or a 400 naming each that is wrong. */
function rangeFrom(values: Record<string, unknown>, required: boolean): AmountRange | null {
  const parsed = parseAmountRange({
    amountCurrency: values.amountCurrency as string | undefined,
    minAmount: values.minAmount as string | undefined,
    maxAmount: values.maxAmount as string | undefined,
  });
  if (!parsed.ok) {
    throw new ApiError(400, "INVALID_INPUT", "The amount filter is not valid.", {
      fields: Object.entries(parsed.errors).map(([path, message]) => ({ path, message })),
    });
  }
  if (required && parsed.range === null) {
    throw new ApiError(400, "INVALID_INPUT", "The amount filter is not valid.", {
      fields: [{ path: "amountCurrency", message: "Choose the currency the amounts are in" }],
    });
  }
  return parsed.range;
}

/** The API's own filters as a query string, without the console's amount values. */
function apiFilters(values: Record<string, unknown>): URLSearchParams {
  const filters = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || (AMOUNT_KEYS as readonly string[]).includes(key)) continue;
    if (key === "cursor" || key === "limit") continue;
    filters.set(key, String(value));
  }
  return filters;
}

/**
 * A by-amount list request: the API's list filters (checked with the API's schema), the amount range, and the
 * console's own cursor and page size.
 */
export function parseAmountListQuery(request: Request, listSchema: z.ZodObject) {
  const schema = listSchema.omit({ cursor: true, limit: true }).extend({
    ...amountShape,
    cursor: z.string().max(4_000).optional(),
    limit: pageLimitSchema,
  });
  const values = parseQuery(schema, request) as Record<string, unknown>;
  const range = rangeFrom(values, true) as AmountRange;
  const from =
    typeof values.cursor === "string" ? decodeScanCursor(values.cursor) : { cursor: null, skip: 0 };
  if (from === null) {
    throw new ApiError(400, "INVALID_INPUT", "The filters are not valid.", {
      fields: [{ path: "cursor", message: "Not a cursor of this list; start from the first page." }],
    });
  }
  return { range, from, limit: Number(values.limit ?? 20), filters: apiFilters(values) };
}

/** An export's query: the API's filters and, when given, the amount range (its values are not sent to the API). */
export function parseAmountExportQuery(request: Request, exportSchema: z.ZodObject) {
  const values = parseQuery(exportSchema.extend(amountShape), request) as Record<string, unknown>;
  return { range: rangeFrom(values, false), filters: apiFilters(values) };
}
