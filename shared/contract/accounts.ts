import { z } from "zod";
import { bankAccountInfoInputSchema, bankAccountInfoSchema, platformAccountIdSchema } from "./bank-account";
import {
  amountSchema,
  currencyCodeSchema,
  customerIdSchema,
  dateTimeSchema,
  paginatedSchema,
  paginationQueryShape,
} from "./common";

// ---------------------------------------------------------------------------------------------------------
// Internal accounts

export const fundingPaymentInstructionSchema = z.looseObject({
  // Any rail or wallet the service offers for funding; type-specific fields (clabeNumber…) pass through.
  accountOrWalletInfo: z.looseObject({
    accountType: z.string(),
    reference: z.string().optional(),
  }),
  instructionsNotes: z.string().optional(),
  isPlatformAccount: z.boolean().optional(),
});
export type FundingPaymentInstruction = z.infer<typeof fundingPaymentInstructionSchema>;

export const internalAccountSchema = z.looseObject({
  id: z.string(),
  balance: amountSchema,
  fundingPaymentInstructions: z.array(fundingPaymentInstructionSchema).default([]),
  createdAt: dateTimeSchema.optional(),
  updatedAt: dateTimeSchema.optional(),
  /** Absent or empty: the account belongs to the platform. */
  customerId: z.string().optional(),
});
export type InternalAccount = z.infer<typeof internalAccountSchema>;

export function isPlatformInternalAccount(account: Pick<InternalAccount, "customerId">): boolean {
  return account.customerId === undefined || account.customerId === "";
}

export const listCustomerInternalAccountsQuerySchema = z.strictObject({
  currency: currencyCodeSchema.optional(),
  customerId: customerIdSchema.optional(),
  ...paginationQueryShape,
});
export type ListCustomerInternalAccountsQuery = z.infer<typeof listCustomerInternalAccountsQuerySchema>;

export const customerInternalAccountListSchema = paginatedSchema(internalAccountSchema);
export type CustomerInternalAccountList = z.infer<typeof customerInternalAccountListSchema>;

export const listPlatformInternalAccountsQuerySchema = z.strictObject({
  currency: currencyCodeSchema.optional(),
});
export type ListPlatformInternalAccountsQuery = z.infer<typeof listPlatformInternalAccountsQuerySchema>;

/** GET /platform/internal-accounts is not paginated: `{data}` only. */
export const platformInternalAccountListSchema = z.looseObject({
  data: z.array(internalAccountSchema),
});
export type PlatformInternalAccountList = z.infer<typeof platformInternalAccountListSchema>;

// ---------------------------------------------------------------------------------------------------------
// External accounts (api-notes §7; the spec shows none)

export const externalAccountStatusSchema = z.enum(["PENDING", "ACTIVE", "UNDER_REVIEW", "INACTIVE"]);
export type ExternalAccountStatus = z.infer<typeof externalAccountStatusSchema>;

export const externalAccountSchema = z.looseObject({
  id: z.string(),
  customerId: z.string().optional(),
  status: externalAccountStatusSchema,
  platformAccountId: z.string().optional(),
  currency: z.string(),
  accountInfo: bankAccountInfoSchema,
});
export type ExternalAccount = z.infer<typeof externalAccountSchema>;

export const createPlatformExternalAccountBodySchema = z.strictObject({
  currency: currencyCodeSchema,
  platformAccountId: platformAccountIdSchema.optional(),
  accountInfo: bankAccountInfoInputSchema,
});
export type CreatePlatformExternalAccountBody = z.infer<typeof createPlatformExternalAccountBodySchema>;

export const createCustomerExternalAccountBodySchema = z.strictObject({
  customerId: customerIdSchema,
  currency: currencyCodeSchema,
  platformAccountId: platformAccountIdSchema.optional(),
  accountInfo: bankAccountInfoInputSchema,
});
export type CreateCustomerExternalAccountBody = z.infer<typeof createCustomerExternalAccountBodySchema>;

export const listCustomerExternalAccountsQuerySchema = z.strictObject({
  customerId: customerIdSchema.optional(),
  currency: currencyCodeSchema.optional(),
  ...paginationQueryShape,
});
export type ListCustomerExternalAccountsQuery = z.infer<typeof listCustomerExternalAccountsQuerySchema>;

// The reference lists the platform's accounts whole, without pages (api-notes §8).
export const listPlatformExternalAccountsQuerySchema = z.strictObject({
  currency: currencyCodeSchema.optional(),
});
export type ListPlatformExternalAccountsQuery = z.infer<typeof listPlatformExternalAccountsQuerySchema>;

export const externalAccountListSchema = paginatedSchema(externalAccountSchema);
export type ExternalAccountList = z.infer<typeof externalAccountListSchema>;

/** GET /platform/external-accounts: `{accounts}`, the whole list (api-notes §8). */
export const platformExternalAccountListSchema = z.looseObject({ accounts: z.array(externalAccountSchema) });
export type PlatformExternalAccountList = z.infer<typeof platformExternalAccountListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Payment instructions (in quotes and sandbox transactions)

export const usAccountPaymentInstructionSchema = z.looseObject({
  accountType: z.literal("US_ACCOUNT"),
  accountNumber: z.string(),
  routingNumber: z.string(),
  accountCategory: z.enum(["CHECKING", "SAVINGS"]).optional(),
  bankName: z.string().optional(),
  referenceCode: z.string().optional(),
});

// The spec writes this accountType with a neutral word; the production identifier contains the product's name,
// so a real deployment sends a different literal here. The local service sends "SERVICE_WALLET".
export const serviceWalletPaymentInstructionSchema = z.looseObject({
  accountType: z.literal("SERVICE_WALLET"),
  address: z.string().optional(),
  invoice: z.string().optional(),
});

// Any other accountType (the production wallet's own name, a rail added later) is kept as it came, so a response
// from a real deployment or a newer version still parses.
const KNOWN_INSTRUCTION_TYPES = new Set(["US_ACCOUNT", "SERVICE_WALLET"]);
const otherPaymentInstructionSchema = z.looseObject({
  accountType: z.string().refine((type) => !KNOWN_INSTRUCTION_TYPES.has(type)),
});

/**
 * What a real-time funded quote asks the sender to pay into (api-notes §8): the bank account, and the reference
 * that matches the money to the quote.
 */
export const realTimeFundingInstructionSchema = z.looseObject({
  reference: z.string(),
  instructionsNotes: z.string().optional(),
  bankAccountInfo: bankAccountInfoSchema,
});
export type RealTimeFundingInstruction = z.infer<typeof realTimeFundingInstructionSchema>;

export const paymentInstructionSchema = z.union([
  z.discriminatedUnion("accountType", [
    usAccountPaymentInstructionSchema,
    serviceWalletPaymentInstructionSchema,
  ]),
  otherPaymentInstructionSchema,
  realTimeFundingInstructionSchema,
]);
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;
