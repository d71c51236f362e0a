import { z } from "zod";
import { bulkCustomerImportJobSchema } from "./bulk-customers";
import {
  amountSchema,
  dateTimeSchema,
  userInfoFieldNameSchema,
  userInfoFieldRequirementSchema,
  userInfoInputSchema,
} from "./common";
import { kycStatusSchema } from "./customers";
import { invitationSchema } from "./invitations";
import { webhookTypes } from "./limits";
import { transactionSchema } from "./transactions";

export { webhookTypes };
export const webhookTypeSchema = z.enum(webhookTypes);
export type WebhookType = z.infer<typeof webhookTypeSchema>;

// The envelope is flat: event fields sit beside these, with no `data` wrapper. webhookId is the idempotency key
// (the same on every retry); timestamp is when this attempt was sent.
const envelope = {
  webhookId: z.string(),
  timestamp: dateTimeSchema,
};

export const incomingPaymentWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("INCOMING_PAYMENT"),
  transaction: transactionSchema,
  /** Only while the transaction is PENDING: what the sender's side asks about our recipient. */
  requestedReceiverCustomerInfoFields: z.array(userInfoFieldRequirementSchema).optional(),
});
export type IncomingPaymentWebhook = z.infer<typeof incomingPaymentWebhookSchema>;

export const outgoingPaymentWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("OUTGOING_PAYMENT"),
  transaction: transactionSchema,
});
export type OutgoingPaymentWebhook = z.infer<typeof outgoingPaymentWebhookSchema>;

export const kycStatusWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("KYC_STATUS"),
  customerId: z.string(),
  kycStatus: kycStatusSchema,
  platformCustomerId: z.string(),
});
export type KycStatusWebhook = z.infer<typeof kycStatusWebhookSchema>;

export const invitationClaimedWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("INVITATION_CLAIMED"),
  invitation: invitationSchema,
});
export type InvitationClaimedWebhook = z.infer<typeof invitationClaimedWebhookSchema>;

export const bulkUploadWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("BULK_UPLOAD"),
  bulkCustomerImportJob: bulkCustomerImportJobSchema,
});
export type BulkUploadWebhook = z.infer<typeof bulkUploadWebhookSchema>;

export const accountStatusWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("ACCOUNT_STATUS"),
  accountId: z.string(),
  oldBalance: amountSchema,
  newBalance: amountSchema,
  customerId: z.string().optional(),
  platformCustomerId: z.string().optional(),
});
export type AccountStatusWebhook = z.infer<typeof accountStatusWebhookSchema>;

export const testWebhookSchema = z.looseObject({
  ...envelope,
  type: z.literal("TEST"),
  test: z.literal(true),
});
export type TestWebhook = z.infer<typeof testWebhookSchema>;

export const webhookEventSchema = z.discriminatedUnion("type", [
  incomingPaymentWebhookSchema,
  outgoingPaymentWebhookSchema,
  kycStatusWebhookSchema,
  invitationClaimedWebhookSchema,
  bulkUploadWebhookSchema,
  accountStatusWebhookSchema,
  testWebhookSchema,
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

// ---------------------------------------------------------------------------------------------------------
// The platform's reply to a PENDING INCOMING_PAYMENT is the approval itself (api-notes §3).

export const incomingPaymentReplyStatus = {
  APPROVE: 200,
  DECIDE_LATER: 202,
  REJECT: 403,
  ALREADY_PROCESSED: 409,
  NEED_SENDER_INFO: 422,
} as const;
export type IncomingPaymentReplyStatus =
  (typeof incomingPaymentReplyStatus)[keyof typeof incomingPaymentReplyStatus];

/** 200: approve; required when a requested receiver field is mandatory. */
export const approveIncomingPaymentReplySchema = z.looseObject({
  receiverCustomerInfo: userInfoInputSchema.optional(),
});
export type ApproveIncomingPaymentReply = z.infer<typeof approveIncomingPaymentReplySchema>;

/** 403: reject. */
export const rejectIncomingPaymentReplySchema = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
  reason: z.string().optional(),
});
export type RejectIncomingPaymentReply = z.infer<typeof rejectIncomingPaymentReplySchema>;

/** 422: more sender data is needed before deciding. */
export const requestSenderInfoReplySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  requiredFields: z.array(userInfoFieldNameSchema).min(1),
});
export type RequestSenderInfoReply = z.infer<typeof requestSenderInfoReplySchema>;

/** Response of POST /webhooks/test; snake_case in this one response, as the production service sends it. */
export const webhookTestResultSchema = z.looseObject({
  url: z.string(),
  response_status: z.int(),
  response_body: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
