import { z } from "zod";
import { isIsoCurrencyCode } from "../../../shared/contract/iso-4217";

/** PUT /api/approvals/thresholds: every currency's threshold for two approvers, in minor units; a currency left out needs one. */
export const thresholdsBodySchema = z
  .strictObject({
    thresholds: z
      .array(
        z.strictObject({
          currency: z.string().refine(isIsoCurrencyCode, "Not an ISO 4217 currency code."),
          minimumAmount: z
            .int("Whole minor units.")
            .min(1, "At least 1 minor unit.")
            .max(Number.MAX_SAFE_INTEGER, "Too large."),
        }),
      )
      .max(200),
  })
  .refine(
    (body) => new Set(body.thresholds.map((threshold) => threshold.currency)).size === body.thresholds.length,
    { message: "Each currency once.", path: ["thresholds"] },
  );
