import { z } from "zod";
import { realTimeFundingInstructionSchema } from "./accounts";
import {
  amountSchema,
  customerIdSchema,
  dateTimeSchema,
  externalAccountIdSchema,
  internalAccountIdSchema,
  paginatedSchema,
  paginationQueryShape,
  positiveMinorAmountSchema,
  queryDateTimeSchema,
  sortOrderSchema,
  textSchema,
  userInfoInputSchema,
  userInfoRecordSchema,
} from "./common";
import { platformCustomerIdSchema } from "./customers";
import { transactionStatuses } from "./limits";
import { rateDetailsSchema } from "./quotes";

export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const transactionTypeSchema = z.enum(["INCOMING", "OUTGOING"]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

/** Failure reasons of incoming payments (approve, reject, sandbox UMA receive). */
export const incomingFailureReasons = [
  "LNURLP_FAILED",
  "PAY_REQUEST_FAILED",
  "PAYMENT_APPROVAL_WEBHOOK_ERROR",
  "PAYMENT_APPROVAL_TIMED_OUT",
  "OFFRAMP_FAILED",
  "MISSING_MANDATORY_PAYEE_DATA",
  "QUOTE_EXPIRED",
  "QUOTE_EXECUTION_FAILED",
] as const;
export const incomingFailureReasonSchema = z.enum(incomingFailureReasons);
export type IncomingFailureReason = z.infer<typeof incomingFailureReasonSchema>;

/** Failure reasons of outgoing payments (the sandbox send response). */
export const outgoingFailureReasons = [
  "QUOTE_EXPIRED",
  "QUOTE_EXECUTION_FAILED",
  "LIGHTNING_PAYMENT_FAILED",
  "FUNDING_AMOUNT_MISMATCH",
  "COUNTERPARTY_POST_TX_FAILED",
  "TIMEOUT",
] as const;
export const outgoingFailureReasonSchema = z.enum(outgoingFailureReasons);
export type OutgoingFailureReason = z.infer<typeof outgoingFailureReasonSchema>;

// One schema for both directions: a transaction carries its type separately and the two lists overlap.
export const transactionFailureReasons = [
  ...incomingFailureReasons,
  "LIGHTNING_PAYMENT_FAILED",
  "FUNDING_AMOUNT_MISMATCH",
  "COUNTERPARTY_POST_TX_FAILED",
  "TIMEOUT",
] as const;
export const transactionFailureReasonSchema = z.enum(transactionFailureReasons);
export type TransactionFailureReason = z.infer<typeof transactionFailureReasonSchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses

// Kinds other than ACCOUNT (UMA address variants) exist but are not shown by the spec.
export const transactionEndpointSchema = z.looseObject({
  accountId: z.string().optional(),
  currency: z.string().optional(),
});

/**
 * An outgoing transaction's paymentInstructions (api-notes §8): one object, where the money that funds the payment
 * is sent and the reference that matches it, the shape a real-time funded quote's instructions have.
 */
export const transactionPaymentInstructionsSchema = realTimeFundingInstructionSchema;
export type TransactionPaymentInstructions = z.infer<typeof transactionPaymentInstructionsSchema>;

export const transactionSchema = z
  .looseObject({
    id: z.string(),
    status: transactionStatusSchema,
    type: transactionTypeSchema,
    destination: transactionEndpointSchema.extend({ destinationType: z.string() }),
    customerId: z.string(),
    platformCustomerId: z.string(),
    source: transactionEndpointSchema.extend({ sourceType: z.string() }).optional(),
    sentAmount: amountSchema.optional(),
    receivedAmount: amountSchema.optional(),
    settledAt: dateTimeSchema.optional(),
    createdAt: dateTimeSchema.optional(),
    updatedAt: dateTimeSchema.optional(),
    description: z.string().optional(),
    counterpartyInformation: userInfoRecordSchema.optional(),
    reconciliationInstructions: z.looseObject({ reference: z.string() }).optional(),
    /** Required on an outgoing transaction (api-notes §8). */
    paymentInstructions: transactionPaymentInstructionsSchema.optional(),
    exchangeRate: z.number().optional(),
    fees: z.int().min(0).optional(),
    quoteId: z.string().optional(),
    originalTransactionId: z.string().optional(),
    refund: z
      .looseObject({
        reference: z.string(),
        initiatedAt: dateTimeSchema,
        settledAt: dateTimeSchema.optional(),
      })
      .optional(),
    rateDetails: rateDetailsSchema.optional(),
    failureReason: transactionFailureReasonSchema.optional(),
  })
  .check((ctx) => {
    if (ctx.value.type === "OUTGOING" && ctx.value.paymentInstructions === undefined) {
      ctx.issues.push({
        code: "custom",
        message: "An outgoing transaction carries its paymentInstructions",
        path: ["paymentInstructions"],
        input: ctx.value,
      });
    }
  });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = paginatedSchema(transactionSchema);
export type TransactionList = z.infer<typeof transactionListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Requests

export const listTransactionsQuerySchema = z.strictObject({
  customerId: customerIdSchema.optional(),
  platformCustomerId: platformCustomerIdSchema.optional(),
  /** An account id or UMA address on either side (api-notes §8). */
  accountIdentifier: textSchema(255).optional(),
  senderAccountIdentifier: textSchema(255).optional(),
  receiverAccountIdentifier: textSchema(255).optional(),
  status: transactionStatusSchema.optional(),
  type: transactionTypeSchema.optional(),
  reference: textSchema(255).optional(),
  startDate: queryDateTimeSchema.optional(),
  endDate: queryDateTimeSchema.optional(),
  sortOrder: sortOrderSchema.default("desc"),
  ...paginationQueryShape,
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const approveTransactionBodySchema = z.strictObject({
  receiverCustomerInfo: userInfoInputSchema.optional(),
});
export type ApproveTransactionBody = z.infer<typeof approveTransactionBodySchema>;

export const rejectTransactionBodySchema = z.strictObject({
  reason: textSchema(1000).optional(),
});
export type RejectTransactionBody = z.infer<typeof rejectTransactionBodySchema>;

export const createTransferInBodySchema = z.strictObject({
  source: z.strictObject({ accountId: externalAccountIdSchema }),
  destination: z.strictObject({ accountId: internalAccountIdSchema }),
  amount: positiveMinorAmountSchema().optional(),
});
export type CreateTransferInBody = z.infer<typeof createTransferInBodySchema>;

export const createTransferOutBodySchema = z.strictObject({
  source: z.strictObject({ accountId: internalAccountIdSchema }),
  destination: z.strictObject({ accountId: externalAccountIdSchema }),
  amount: positiveMinorAmountSchema().optional(),
});
export type CreateTransferOutBody = z.infer<typeof createTransferOutBodySchema>;
