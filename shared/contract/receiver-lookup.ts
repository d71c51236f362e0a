import { z } from "zod";
import {
  currencySchema,
  customerIdSchema,
  externalAccountIdSchema,
  userInfoFieldRequirementSchema,
} from "./common";
import { umaAddressSchema } from "./uma-address";

export const lookupReceiverParamsSchema = z.strictObject({
  receiverUmaAddress: umaAddressSchema,
});
export type LookupReceiverParams = z.infer<typeof lookupReceiverParamsSchema>;

/** The sender is named by exactly one of its UMA address or its customer id. */
export const lookupReceiverQuerySchema = z
  .strictObject({
    senderUmaAddress: umaAddressSchema.optional(),
    customerId: customerIdSchema.optional(),
  })
  .check((ctx) => {
    const hasUma = ctx.value.senderUmaAddress !== undefined;
    const hasCustomer = ctx.value.customerId !== undefined;
    if (hasUma === hasCustomer) {
      ctx.issues.push({
        code: "custom",
        message: hasUma
          ? "Give either senderUmaAddress or customerId, not both"
          : "Give the sender's senderUmaAddress or customerId",
        path: [hasUma ? "customerId" : "senderUmaAddress"],
        input: ctx.value,
      });
    }
  });
export type LookupReceiverQuery = z.infer<typeof lookupReceiverQuerySchema>;

export const receiverSupportedCurrencySchema = z.looseObject({
  currency: currencySchema,
  estimatedExchangeRate: z.number(),
  min: z.int(),
  max: z.int(),
});
export type ReceiverSupportedCurrency = z.infer<typeof receiverSupportedCurrencySchema>;

export const receiverLookupSchema = z.looseObject({
  supportedCurrencies: z.array(receiverSupportedCurrencySchema),
  lookupId: z.string(),
  receiverUmaAddress: z.string(),
  requiredPayerDataFields: z.array(userInfoFieldRequirementSchema).optional(),
});
export type ReceiverLookup = z.infer<typeof receiverLookupSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /receiver/external-account/{accountId} (api-notes §8): the same query and result, plus the account's id.

export const lookupExternalAccountParamsSchema = z.strictObject({
  accountId: externalAccountIdSchema,
});
export type LookupExternalAccountParams = z.infer<typeof lookupExternalAccountParamsSchema>;

/** The sender is named by one of its UMA address or its customer id; neither means the platform sends. */
export const lookupExternalAccountQuerySchema = z
  .strictObject({
    senderUmaAddress: umaAddressSchema.optional(),
    customerId: customerIdSchema.optional(),
  })
  .check((ctx) => {
    if (ctx.value.senderUmaAddress !== undefined && ctx.value.customerId !== undefined) {
      ctx.issues.push({
        code: "custom",
        message: "Give either senderUmaAddress or customerId, not both",
        path: ["customerId"],
        input: ctx.value,
      });
    }
  });
export type LookupExternalAccountQuery = z.infer<typeof lookupExternalAccountQuerySchema>;

/** The receiver lookup result for an external account: no UMA address, the account's id instead. */
export const externalAccountLookupSchema = receiverLookupSchema.extend({
  receiverUmaAddress: z.string().optional(),
  accountId: z.string(),
});
export type ExternalAccountLookup = z.infer<typeof externalAccountLookupSchema>;
