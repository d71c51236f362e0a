import { z } from "zod";
import type { MinorUnitCurrency } from "@/lib/universal/money/format";
import { type AmountBounds, majorUnitsIssue, parseMajorUnits } from "./amount-input";

/**
 * A form field holding an amount typed in major units, whose parsed value is the integer of minor units the API
 * takes (a safe integer: the API's ceiling is below 2^53).
 */
export function majorUnitsAmountSchema(currency: MinorUnitCurrency, bounds: AmountBounds = {}) {
  return z.string().transform((value, ctx) => {
    const issue = majorUnitsIssue(value, currency, bounds);
    if (issue !== null) {
      ctx.issues.push({ code: "custom", message: issue, input: value });
      return z.NEVER;
    }
    const parsed = parseMajorUnits(value, currency);
    return parsed.ok ? Number(parsed.minor) : z.NEVER;
  });
}
