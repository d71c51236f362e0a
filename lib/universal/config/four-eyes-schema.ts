import { z } from "zod";
import type { FourEyesSetting } from "./four-eyes-rule";

/** A PUT /api/config/four-eyes body: every part's switch, nothing else. */
export const fourEyesSettingSchema = z.strictObject({
  config: z.strictObject({
    supportedCurrencies: z.boolean(),
    umaDomain: z.boolean(),
    webhookEndpoint: z.boolean(),
  }),
}) satisfies z.ZodType<FourEyesSetting>;
