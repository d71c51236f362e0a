import { parseAmountRange } from "@/lib/universal/transactions/amount-range";
import { ApiError } from "@/shared/api-error";

/**
 * The amount range in a list's filters checked as the server would check it: a refusal to show in the list's place
 * (which filter and why) instead of asking the server for an answer known to be a 400, or null when it can be asked.
 */
export function amountRangeRefusal(
  values: { amountCurrency: string | null; minAmount: string | null; maxAmount: string | null },
  labels: Record<string, string>,
): ApiError | null {
  const checked = parseAmountRange(values);
  if (checked.ok) return null;
  const message = Object.entries(checked.errors)
    .map(([key, problem]) => `${labels[key] ?? key}: ${problem}`)
    .join(". ");
  return new ApiError(400, "INVALID_INPUT", `Check the filters. ${message}.`);
}
