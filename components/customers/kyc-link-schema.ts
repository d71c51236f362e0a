import { z } from "zod";
import { getCustomerKycLinkQuerySchema } from "@/shared/contract";

/** The KYC link form's validation, loaded on first validation (see lib/client/forms/lazy-zod-resolver). */
export const kycLinkFormSchema = z
  .object({ platformCustomerId: z.string(), redirectUri: z.string() })
  .transform((values) => ({
    platformCustomerId: values.platformCustomerId.trim(),
    ...(values.redirectUri.trim() === "" ? {} : { redirectUri: values.redirectUri.trim() }),
  }))
  .pipe(getCustomerKycLinkQuerySchema);
export type KycLinkFormValues = z.input<typeof kycLinkFormSchema>;
export type KycLinkFormOutput = z.output<typeof kycLinkFormSchema>;
