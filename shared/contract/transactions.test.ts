import { describe, expect, it } from "vitest";
import {
  approveTransactionBodySchema,
  createTransferInBodySchema,
  createTransferOutBodySchema,
  incomingFailureReasonSchema,
  listTransactionsQuerySchema,
  outgoingFailureReasonSchema,
  rejectTransactionBodySchema,
  transactionFailureReasonSchema,
  transactionListSchema,
  transactionSchema,
  transactionStatusSchema,
  transactionTypeSchema,
} from "./transactions";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };

const baseTransaction = {
  id: "Transaction:1",
  status: "PENDING",
  type: "INCOMING",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1", currency: "USD" },
  customerId: "Customer:1",
  platformCustomerId: "cust-1",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  counterpartyInformation: { FULL_NAME: "Bob Sender" },
};

describe("transactionSchema", () => {
  it("parses the base subset and keeps unknown fields", () => {
    expect(transactionSchema.parse({ ...baseTransaction, network: "x" })).toMatchObject({ network: "x" });
  });

  it("parses every documented field", () => {
    const full = {
      ...baseTransaction,
      status: "REFUNDED",
      type: "OUTGOING",
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:2", currency: "USD" },
      sentAmount: { amount: 1000, currency: usd },
      receivedAmount: { amount: 17000, currency: { ...usd, code: "MXN" } },
      settledAt: "2025-01-01T00:01:00Z",
      description: "Rent",
      reconciliationInstructions: { reference: "REF-1" },
      paymentInstructions: {
        reference: "QTE-1",
        instructionsNotes: "Send 10.00 USD with the reference QTE-1",
        bankAccountInfo: { accountType: "US_ACCOUNT", accountNumber: "1", routingNumber: "021000021" },
      },
      exchangeRate: 0.0588,
      fees: 0,
      quoteId: "Quote:1",
      originalTransactionId: "Transaction:0",
      refund: { reference: "RF-1", initiatedAt: "2025-01-02T00:00:00Z", settledAt: "2025-01-03T00:00:00Z" },
      rateDetails: {
        serviceApiMultiplier: 1,
        serviceApiVariableFeeRate: 0.003,
        serviceApiVariableFeeAmount: 3,
      },
      failureReason: "QUOTE_EXPIRED",
    };
    expect(transactionSchema.parse(full)).toEqual(full);
    expect(transactionListSchema.safeParse({ data: [full], hasMore: true, nextCursor: "n" }).success).toBe(
      true,
    );
  });

  it("needs the required fields and known enums", () => {
    for (const field of ["id", "status", "type", "destination", "customerId", "platformCustomerId"]) {
      expect(transactionSchema.safeParse({ ...baseTransaction, [field]: undefined }).success, field).toBe(
        false,
      );
    }
    expect(transactionSchema.safeParse({ ...baseTransaction, status: "SETTLED" }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...baseTransaction, fees: -1 }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...baseTransaction, failureReason: "GREMLINS" }).success).toBe(
      false,
    );
  });
});

// The API's reference (api-notes §8), checked field by field: the rules the service's answers and webhooks are held to.
describe("transactionSchema against the reference's rules", () => {
  const instructions = {
    reference: "QTE-1",
    bankAccountInfo: { accountType: "IBAN", iban: "DE89370400440532013000", bankName: "Sandbox Bank AG" },
  };
  const outgoing = {
    ...baseTransaction,
    type: "OUTGOING",
    status: "COMPLETED",
    paymentInstructions: instructions,
  };
  const rate = { serviceApiMultiplier: 1, serviceApiVariableFeeRate: 0.001, serviceApiVariableFeeAmount: 0 };

  it("requires the variable fee's rate, strictly greater than 0, and its amount in every rate details object", () => {
    for (const transaction of [baseTransaction, outgoing]) {
      expect(transactionSchema.safeParse({ ...transaction, rateDetails: rate }).success).toBe(true);
      const { serviceApiVariableFeeRate: _rate, ...noRate } = rate;
      const { serviceApiVariableFeeAmount: _amount, ...noAmount } = rate;
      expect(transactionSchema.safeParse({ ...transaction, rateDetails: noRate }).success).toBe(false);
      expect(transactionSchema.safeParse({ ...transaction, rateDetails: noAmount }).success).toBe(false);
      for (const zeroOrLess of [0, -0.001]) {
        expect(
          transactionSchema.safeParse({
            ...transaction,
            rateDetails: { ...rate, serviceApiVariableFeeRate: zeroOrLess },
          }).success,
        ).toBe(false);
      }
    }
  });

  it("requires paymentInstructions on an outgoing transaction, as one object with a reference and a bank account", () => {
    expect(transactionSchema.parse(outgoing).paymentInstructions).toEqual(instructions);
    const { paymentInstructions: _none, ...without } = outgoing;
    expect(transactionSchema.safeParse(without).success).toBe(false);
    expect(transactionSchema.safeParse({ ...outgoing, paymentInstructions: [instructions] }).success).toBe(
      false,
    );
    expect(
      transactionSchema.safeParse({ ...outgoing, paymentInstructions: { reference: "QTE-1" } }).success,
    ).toBe(false);
    expect(
      transactionSchema.safeParse({
        ...outgoing,
        paymentInstructions: { bankAccountInfo: instructions.bankAccountInfo },
      }).success,
    ).toBe(false);
    expect(
      transactionSchema.safeParse({
        ...outgoing,
        paymentInstructions: { ...instructions, instructionsNotes: "Memo" },
      }).success,
    ).toBe(true);
    // An incoming payment has none to give.
    expect(transactionSchema.safeParse(baseTransaction).success).toBe(true);
  });
});

describe("enums", () => {
  it("statuses and types", () => {
    expect(transactionStatusSchema.options).toHaveLength(8);
    expect(transactionTypeSchema.options).toEqual(["INCOMING", "OUTGOING"]);
  });

  it("the failure reason schema is exactly the union of both lists", () => {
    const union = new Set([...incomingFailureReasonSchema.options, ...outgoingFailureReasonSchema.options]);
    expect(new Set(transactionFailureReasonSchema.options)).toEqual(union);
    expect(transactionFailureReasonSchema.options).toHaveLength(union.size);
    expect(incomingFailureReasonSchema.safeParse("TIMEOUT").success).toBe(false);
    expect(outgoingFailureReasonSchema.safeParse("LNURLP_FAILED").success).toBe(false);
  });
});

describe("listTransactionsQuerySchema", () => {
  it("defaults sortOrder to desc and limit to 20", () => {
    expect(listTransactionsQuerySchema.parse({})).toEqual({ sortOrder: "desc", limit: 20 });
  });

  it("takes every filter", () => {
    const query = {
      customerId: "Customer:1",
      platformCustomerId: "cust-1",
      senderAccountIdentifier: "$a@example.com",
      receiverAccountIdentifier: "InternalAccount:1",
      status: "COMPLETED",
      type: "OUTGOING",
      reference: "REF-1",
      startDate: "2025-01-01T00:00:00Z",
      endDate: "2025-02-01T00:00:00Z",
      limit: "50",
      cursor: "c",
      sortOrder: "asc",
    };
    expect(listTransactionsQuerySchema.parse(query)).toEqual({ ...query, limit: 50 });
  });

  it("refuses bad values and unknown parameters", () => {
    expect(listTransactionsQuerySchema.safeParse({ sortOrder: "ASC" }).success).toBe(false);
    expect(listTransactionsQuerySchema.safeParse({ status: "DONE" }).success).toBe(false);
    expect(listTransactionsQuerySchema.safeParse({ startDate: "2025-01-01" }).success).toBe(false);
    expect(listTransactionsQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(listTransactionsQuerySchema.safeParse({ customerId: "cust-1" }).success).toBe(false);
    expect(listTransactionsQuerySchema.safeParse({ quoteId: "Quote:1" }).success).toBe(false);
  });
});

describe("approve and reject bodies", () => {
  it("approve takes optional receiverCustomerInfo keyed by UserInfoFieldName", () => {
    expect(approveTransactionBodySchema.parse({})).toEqual({});
    expect(
      approveTransactionBodySchema.parse({
        receiverCustomerInfo: { FULL_NAME: "Ada Lovelace", NATIONALITY: "GB" },
      }),
    ).toEqual({ receiverCustomerInfo: { FULL_NAME: "Ada Lovelace", NATIONALITY: "GB" } });
    expect(approveTransactionBodySchema.safeParse({ receiverCustomerInfo: { PET: "cat" } }).success).toBe(
      false,
    );
    expect(approveTransactionBodySchema.safeParse({ approved: true }).success).toBe(false);
  });

  it("reject takes an optional bounded reason", () => {
    expect(rejectTransactionBodySchema.parse({ reason: "  sanctions hit " })).toEqual({
      reason: "sanctions hit",
    });
    expect(rejectTransactionBodySchema.parse({})).toEqual({});
    expect(rejectTransactionBodySchema.safeParse({ reason: "x".repeat(1001) }).success).toBe(false);
    expect(rejectTransactionBodySchema.safeParse({ code: "X" }).success).toBe(false);
  });
});

describe("transfers", () => {
  it("transfer-in goes from an external to an internal account", () => {
    const body = {
      source: { accountId: "ExternalAccount:1" },
      destination: { accountId: "InternalAccount:2" },
      amount: 500,
    };
    expect(createTransferInBodySchema.parse(body)).toEqual(body);
    expect(createTransferInBodySchema.safeParse({ ...body, amount: undefined }).success).toBe(true);
    expect(
      createTransferInBodySchema.safeParse({ ...body, source: { accountId: "InternalAccount:3" } }).error
        ?.issues[0]?.path,
    ).toEqual(["source", "accountId"]);
    expect(createTransferInBodySchema.safeParse({ ...body, amount: 0 }).success).toBe(false);
    expect(createTransferInBodySchema.safeParse({ ...body, amount: 9_000_000_000_000_001 }).success).toBe(
      false,
    );
  });

  it("transfer-out goes from an internal to an external account", () => {
    const body = {
      source: { accountId: "InternalAccount:2" },
      destination: { accountId: "ExternalAccount:1" },
    };
    expect(createTransferOutBodySchema.parse(body)).toEqual(body);
    expect(
      createTransferOutBodySchema.safeParse({ ...body, destination: { accountId: "InternalAccount:1" } })
        .success,
    ).toBe(false);
    expect(createTransferOutBodySchema.safeParse({ ...body, amount: -5 }).success).toBe(false);
    expect(createTransferOutBodySchema.safeParse({ ...body, memo: "x" }).success).toBe(false);
  });
});
