import { describe, expect, it } from "vitest";
import {
  approveIncomingPaymentReplySchema,
  incomingPaymentReplyStatus,
  rejectIncomingPaymentReplySchema,
  requestSenderInfoReplySchema,
  type WebhookEvent,
  webhookEventSchema,
  webhookTestResultSchema,
  webhookTypeSchema,
} from "./webhooks";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const envelope = { webhookId: "Webhook:1", timestamp: "2025-01-01T00:00:00Z" };
const transaction = {
  id: "Transaction:1",
  status: "PENDING",
  type: "INCOMING",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1", currency: "USD" },
  customerId: "Customer:1",
  platformCustomerId: "cust-1",
  counterpartyInformation: { FULL_NAME: "Bob Sender" },
};

const events = {
  INCOMING_PAYMENT: {
    ...envelope,
    type: "INCOMING_PAYMENT",
    transaction,
    requestedReceiverCustomerInfoFields: [{ name: "BIRTH_DATE", mandatory: true }],
  },
  OUTGOING_PAYMENT: {
    ...envelope,
    type: "OUTGOING_PAYMENT",
    transaction: {
      ...transaction,
      type: "OUTGOING",
      status: "COMPLETED",
      paymentInstructions: {
        reference: "QTE-1",
        bankAccountInfo: { accountType: "FBO", currencyCode: "USD" },
      },
    },
  },
  KYC_STATUS: {
    ...envelope,
    type: "KYC_STATUS",
    customerId: "Customer:1",
    kycStatus: "APPROVED",
    platformCustomerId: "cust-1",
  },
  INVITATION_CLAIMED: {
    ...envelope,
    type: "INVITATION_CLAIMED",
    invitation: {
      code: "abc",
      createdAt: "2025-01-01T00:00:00Z",
      url: "https://uma.example/i/abc",
      inviterUma: "$ada@example.com",
      inviteeUma: "$bob@example.com",
      status: "CLAIMED",
      claimedAt: "2025-01-01T00:00:00Z",
    },
  },
  BULK_UPLOAD: {
    ...envelope,
    type: "BULK_UPLOAD",
    bulkCustomerImportJob: {
      jobId: "Job:1",
      status: "COMPLETED",
      progress: { total: 1, processed: 1, successful: 1, failed: 0 },
      errors: [],
      completedAt: "2025-01-01T00:00:00Z",
    },
  },
  ACCOUNT_STATUS: {
    ...envelope,
    type: "ACCOUNT_STATUS",
    accountId: "InternalAccount:1",
    oldBalance: { amount: 0, currency: usd },
    newBalance: { amount: 5000, currency: usd },
    customerId: "Customer:1",
    platformCustomerId: "cust-1",
  },
  TEST: { ...envelope, type: "TEST", test: true },
} as const;

describe("webhookEventSchema", () => {
  it.each(Object.keys(events) as (keyof typeof events)[])("parses a %s event unchanged", (type) => {
    const parsed: WebhookEvent = webhookEventSchema.parse(events[type]);
    expect(parsed.type).toBe(type);
    expect(parsed).toEqual(events[type]);
  });

  it("covers every webhook type", () => {
    expect(new Set(webhookTypeSchema.options)).toEqual(new Set(Object.keys(events)));
  });

  it("keeps unknown fields at every level", () => {
    const parsed = webhookEventSchema.parse({
      ...events.INCOMING_PAYMENT,
      attempt: 2,
      transaction: { ...transaction, rail: "uma" },
    });
    expect(parsed).toMatchObject({ attempt: 2, transaction: { rail: "uma" } });
  });

  it("narrows on type", () => {
    const parsed = webhookEventSchema.parse(events.KYC_STATUS);
    if (parsed.type !== "KYC_STATUS") throw new Error("wrong variant");
    expect(parsed.kycStatus).toBe("APPROVED");
  });

  it("refuses unknown types, missing envelope fields and malformed variant fields", () => {
    expect(webhookEventSchema.safeParse({ ...envelope, type: "QUOTE_STATUS" }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...events.TEST, webhookId: undefined }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...events.TEST, timestamp: "now" }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...events.TEST, test: false }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...events.KYC_STATUS, kycStatus: "MAYBE" }).success).toBe(false);
    expect(
      webhookEventSchema.safeParse({ ...events.ACCOUNT_STATUS, newBalance: { amount: 1.5, currency: usd } })
        .success,
    ).toBe(false);
    expect(webhookEventSchema.safeParse({ ...events.INCOMING_PAYMENT, transaction: undefined }).success).toBe(
      false,
    );
    expect(
      webhookEventSchema.safeParse({ ...events.BULK_UPLOAD, bulkCustomerImportJob: { jobId: "Job:1" } })
        .success,
    ).toBe(false);
  });

  it("holds payment events to the reference's rules: rate details whole, outgoing instructions given", () => {
    const rateDetails = {
      serviceApiMultiplier: 1,
      serviceApiVariableFeeRate: 0.001,
      serviceApiVariableFeeAmount: 1,
    };
    const incoming = { ...events.INCOMING_PAYMENT, transaction: { ...transaction, rateDetails } };
    expect(webhookEventSchema.safeParse(incoming).success).toBe(true);
    const { serviceApiVariableFeeRate: _rate, ...withoutRate } = rateDetails;
    expect(
      webhookEventSchema.safeParse({ ...incoming, transaction: { ...transaction, rateDetails: withoutRate } })
        .success,
    ).toBe(false);
    const { paymentInstructions: _none, ...bare } = events.OUTGOING_PAYMENT.transaction;
    expect(webhookEventSchema.safeParse({ ...events.OUTGOING_PAYMENT, transaction: bare }).success).toBe(
      false,
    );
  });
});

describe("approval replies", () => {
  it("maps each decision to its HTTP status", () => {
    expect(incomingPaymentReplyStatus).toEqual({
      APPROVE: 200,
      DECIDE_LATER: 202,
      REJECT: 403,
      ALREADY_PROCESSED: 409,
      NEED_SENDER_INFO: 422,
    });
  });

  it("200 body: optional receiverCustomerInfo keyed by field name", () => {
    expect(approveIncomingPaymentReplySchema.parse({})).toEqual({});
    expect(
      approveIncomingPaymentReplySchema.parse({ receiverCustomerInfo: { BIRTH_DATE: "1990-01-31" } }),
    ).toEqual({
      receiverCustomerInfo: { BIRTH_DATE: "1990-01-31" },
    });
    expect(
      approveIncomingPaymentReplySchema.safeParse({ receiverCustomerInfo: { BIRTH_DATE: "1990-13-01" } })
        .success,
    ).toBe(false);
  });

  it("403 body: all optional", () => {
    expect(rejectIncomingPaymentReplySchema.parse({})).toEqual({});
    expect(rejectIncomingPaymentReplySchema.parse({ code: "SANCTIONS", message: "m", reason: "r" })).toEqual({
      code: "SANCTIONS",
      message: "m",
      reason: "r",
    });
    expect(rejectIncomingPaymentReplySchema.safeParse({ reason: 5 }).success).toBe(false);
  });

  it("422 body: code, message and at least one known field", () => {
    expect(
      requestSenderInfoReplySchema.parse({
        code: "NEED_INFO",
        message: "m",
        requiredFields: ["ADDRESS", "TAX_ID"],
      }),
    ).toEqual({ code: "NEED_INFO", message: "m", requiredFields: ["ADDRESS", "TAX_ID"] });
    expect(
      requestSenderInfoReplySchema.safeParse({ code: "X", message: "m", requiredFields: [] }).success,
    ).toBe(false);
    expect(
      requestSenderInfoReplySchema.safeParse({ code: "X", message: "m", requiredFields: ["SHOE"] }).success,
    ).toBe(false);
    expect(requestSenderInfoReplySchema.safeParse({ message: "m", requiredFields: ["EMAIL"] }).success).toBe(
      false,
    );
  });
});

describe("webhookTestResultSchema", () => {
  it("parses the snake_case result", () => {
    const result = { url: "https://example.com/hooks", response_status: 200, response_body: "ok" };
    expect(webhookTestResultSchema.parse(result)).toEqual(result);
    expect(webhookTestResultSchema.safeParse({ ...result, response_status: "200" }).success).toBe(false);
    expect(
      webhookTestResultSchema.safeParse({ url: result.url, responseStatus: 200, responseBody: "" }).success,
    ).toBe(false);
  });
});
