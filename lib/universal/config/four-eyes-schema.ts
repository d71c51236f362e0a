import { z } from "zod";
import type { FourEyesSetting } from "./four-eyes-rule";

/** A PUT /api/config/four-eyes body: every part's switch, nothing else. */
export const fourEyesSettingSchema = z.strictObject({
  config: z.strictObject({
    supportedCurrencies: z.boolean(),
    umaDomain: z.boolean(),
    // Always on (four-eyes-rule.ts ALWAYS_TWO_ADMINS, decision 0091): a setting that turns it off is refused.
    webhookEndpoint: z.literal(true, {
      error:
        "The webhook endpoint always needs a second admin: its answer approves every incoming payment. It cannot be switched off.",
    }),
  }),
}) satisfies z.ZodType<FourEyesSetting>;
