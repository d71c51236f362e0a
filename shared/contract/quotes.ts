import { z } from "zod";
import { paymentInstructionSchema } from "./accounts";
import {
  accountIdSchema,
  currencyCodeSchema,
  currencySchema,
  customerIdSchema,
  dateTimeSchema,
  lookupIdSchema,
  MAX_MINOR_AMOUNT,
  paginatedSchema,
  paginationQueryShape,
  positiveMinorAmountSchema,
  queryDateTimeSchema,
  textSchema,
  userInfoInputSchema,
} from "./common";
import { quoteStatuses } from "./limits";
import { umaAddressSchema } from "./uma-address";

export const quoteStatusSchema = z.enum(quoteStatuses);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

export const lockedCurrencySideSchema = z.enum(["SENDING", "RECEIVING"]);
export type LockedCurrencySide = z.infer<typeof lockedCurrencySideSchema>;

/** The spec's ceiling for lockedCurrencyAmount. */
export const MAX_LOCKED_CURRENCY_AMOUNT = MAX_MINOR_AMOUNT;

// The names carry the product's name in the real interface; the spec (and so this contract) writes `service`.
// Incoming payments omit the counterparty pair. The reference requires the variable fee's rate (strictly greater
// than 0) and amount in every rate details object, incoming and outgoing (api-notes §8).
export const rateDetailsSchema = z.looseObject({
  counterpartyMultiplier: z.number().optional(),
  counterpartyFixedFee: z.number().optional(),
  serviceApiMultiplier: z.number().optional(),
  serviceApiFixedFee: z.number().optional(),
  serviceApiVariableFeeRate: z.number().positive(),
  serviceApiVariableFeeAmount: z.number().min(0),
});
export type RateDetails = z.infer<typeof rateDetailsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Requests

// The spec's destination "holds accountId and a currency code" and names UMA destinations without showing them.
// Here a destination is either an account or a UMA address (exactly one), always with the receiving currency;
// a UMA destination also needs the lookupId from GET /receiver/uma/{address}.
export const quoteDestinationInputSchema = z
  .strictObject({
    accountId: accountIdSchema.optional(),
    umaAddress: umaAddressSchema.optional(),
    currency: currencyCodeSchema,
  })
  .check((ctx) => {
    const hasAccount = ctx.value.accountId !== undefined;
    const hasUma = ctx.value.umaAddress !== undefined;
    if (hasAccount === hasUma) {
      ctx.issues.push({
        code: "custom",
        message: hasAccount
          ? "Give either accountId or umaAddress, not both"
          : "Give an accountId or a umaAddress",
        path: [hasAccount ? "umaAddress" : "accountId"],
        input: ctx.value,
      });
    }
  });
export type QuoteDestinationInput = z.infer<typeof quoteDestinationInputSchema>;

// A source is an account (`{accountId, currency?}`), or real-time funding (`{customerId?, currency}`, api-notes §8):
// the sender pays the quote's paymentInstructions just in time; without customerId the platform is the sender.
export const quoteSourceInputSchema = z
  .strictObject({
    accountId: accountIdSchema.optional(),
    customerId: customerIdSchema.optional(),
    currency: currencyCodeSchema.optional(),
  })
  .check((ctx) => {
    const { accountId, customerId, currency } = ctx.value;
    if (accountId !== undefined && customerId !== undefined) {
      ctx.issues.push({
        code: "custom",
        message: "Give an accountId, or a customerId with the currency to fund just in time, not both",
        path: ["customerId"],
        input: ctx.value,
      });
    } else if (accountId === undefined && currency === undefined) {
      ctx.issues.push({
        code: "custom",
        message: "Give an accountId, or the currency to fund just in time",
        path: ["accountId"],
        input: ctx.value,
      });
    }
  });
export type QuoteSourceInput = z.infer<typeof quoteSourceInputSchema>;

/** True for a real-time funded source: no account, the sender funds the quote when it is made. */
export function isRealTimeFundingSource(source: QuoteSourceInput): boolean {
  return source.accountId === undefined;
}

export { REALTIME_FUNDING_SOURCE_TYPE } from "./limits";

export const createQuoteBodySchema = z
  .strictObject({
    source: quoteSourceInputSchema,
    destination: quoteDestinationInputSchema,
    lockedCurrencySide: lockedCurrencySideSchema,
    lockedCurrencyAmount: positiveMinorAmountSchema(MAX_LOCKED_CURRENCY_AMOUNT),
    lookupId: lookupIdSchema.optional(),
    immediatelyExecute: z.boolean().optional(),
    description: textSchema(1000).optional(),
    senderCustomerInfo: userInfoInputSchema.optional(),
  })
  .check((ctx) => {
    const toUma = ctx.value.destination.umaAddress !== undefined;
    if (toUma && ctx.value.lookupId === undefined) {
      ctx.issues.push({
        code: "custom",
        message: "A UMA destination needs the lookupId of a receiver lookup",
        path: ["lookupId"],
        input: ctx.value,
      });
    }
    if (!toUma && ctx.value.lookupId === undefined && ctx.value.senderCustomerInfo !== undefined) {
      ctx.issues.push({
        code: "custom",
        message: "senderCustomerInfo is only for UMA destinations and looked-up accounts",
        path: ["senderCustomerInfo"],
        input: ctx.value,
      });
    }
  });
export type CreateQuoteBody = z.infer<typeof createQuoteBodySchema>;

export const listQuotesQuerySchema = z.strictObject({
  customerId: customerIdSchema.optional(),
  sendingAccountId: accountIdSchema.optional(),
  receivingAccountId: accountIdSchema.optional(),
  sendingUmaAddress: umaAddressSchema.optional(),
  receivingUmaAddress: umaAddressSchema.optional(),
  status: quoteStatusSchema.optional(),
  createdAfter: queryDateTimeSchema.optional(),
  createdBefore: queryDateTimeSchema.optional(),
  ...paginationQueryShape,
});
export type ListQuotesQuery = z.infer<typeof listQuotesQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses

// Source and destination kinds beyond ACCOUNT exist but are not shown by the spec, so the kind is any string.
export const quoteSourceSchema = z.looseObject({
  sourceType: z.string(),
  accountId: z.string().optional(),
  customerId: z.string().optional(),
  currency: z.string().optional(),
});

export const quoteDestinationSchema = z.looseObject({
  destinationType: z.string(),
  accountId: z.string().optional(),
  umaAddress: z.string().optional(),
});

export const quoteSchema = z.looseObject({
  quoteId: z.string(),
  status: quoteStatusSchema,
  createdAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
  source: quoteSourceSchema,
  destination: quoteDestinationSchema,
  sendingCurrency: currencySchema,
  receivingCurrency: currencySchema,
  totalSendingAmount: z.int(),
  totalReceivingAmount: z.int(),
  exchangeRate: z.number(),
  feesIncluded: z.int().min(0),
  transactionId: z.string(),
  paymentInstructions: z.array(paymentInstructionSchema).optional(),
  originalQuoteId: z.string().optional(),
  rateDetails: rateDetailsSchema.optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListSchema = paginatedSchema(quoteSchema);
export type QuoteList = z.infer<typeof quoteListSchema>;

/** POST /quotes/{quoteId}/retry (api-notes §8): a fresh lookup of the original recipient, and their fields again. */
export const retryQuoteBodySchema = z.strictObject({
  lookupId: lookupIdSchema,
  senderCustomerInfo: userInfoInputSchema.optional(),
});
export type RetryQuoteBody = z.infer<typeof retryQuoteBodySchema>;
