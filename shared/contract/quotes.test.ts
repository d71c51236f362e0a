import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createQuoteBodySchema,
  listQuotesQuerySchema,
  lockedCurrencySideSchema,
  MAX_LOCKED_CURRENCY_AMOUNT,
  quoteListSchema,
  quoteSchema,
  quoteStatusSchema,
  rateDetailsSchema,
} from "./quotes";

const accountBody = {
  source: { accountId: "InternalAccount:1" },
  destination: { accountId: "ExternalAccount:2", currency: "MXN" },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: 10000,
};

const umaBody = {
  source: { accountId: "InternalAccount:1" },
  destination: { umaAddress: "$Bob@Example.com", currency: "EUR" },
  lockedCurrencySide: "RECEIVING",
  lockedCurrencyAmount: 500,
  lookupId: "Lookup:9",
  senderCustomerInfo: { FULL_NAME: "Ada Lovelace", BIRTH_DATE: "1990-01-31" },
  immediatelyExecute: true,
  description: "Rent",
};

function paths(input: unknown): string[] {
  const result = createQuoteBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

describe("createQuoteBodySchema", () => {
  it("accepts an account destination and a UMA destination", () => {
    expect(createQuoteBodySchema.parse(accountBody)).toEqual(accountBody);
    expect(createQuoteBodySchema.parse(umaBody).destination.umaAddress).toBe("$bob@example.com");
  });

  it("needs exactly one of accountId and umaAddress in the destination", () => {
    expect(paths({ ...accountBody, destination: { currency: "MXN" } })).toEqual(["destination.accountId"]);
    expect(
      paths({
        ...umaBody,
        destination: { accountId: "ExternalAccount:2", umaAddress: "$bob@example.com", currency: "EUR" },
      }),
    ).toEqual(["destination.umaAddress"]);
    expect(paths({ ...accountBody, destination: { accountId: "ExternalAccount:2" } })).toEqual([
      "destination.currency",
    ]);
  });

  it("a UMA destination needs a lookupId; senderCustomerInfo is for UMA destinations only", () => {
    expect(paths({ ...umaBody, lookupId: undefined })).toEqual(["lookupId"]);
    expect(paths({ ...accountBody, senderCustomerInfo: { FULL_NAME: "Ada" } })).toEqual([
      "senderCustomerInfo",
    ]);
    expect(paths({ ...accountBody, lookupId: "Lookup:1" })).toEqual([]);
    expect(paths({ ...umaBody, lookupId: "Quote:1" })).toEqual(["lookupId"]);
  });

  it("lockedCurrencyAmount: 1 to 9e15 whole minor units", () => {
    expect(paths({ ...accountBody, lockedCurrencyAmount: MAX_LOCKED_CURRENCY_AMOUNT })).toEqual([]);
    expect(paths({ ...accountBody, lockedCurrencyAmount: MAX_LOCKED_CURRENCY_AMOUNT + 1 })).toEqual([
      "lockedCurrencyAmount",
    ]);
    for (const bad of [0, -1, 1.5, "100", Number.MAX_SAFE_INTEGER + 2]) {
      expect(paths({ ...accountBody, lockedCurrencyAmount: bad }), String(bad)).toEqual([
        "lockedCurrencyAmount",
      ]);
    }
    fc.assert(
      fc.property(fc.integer({ min: MAX_LOCKED_CURRENCY_AMOUNT + 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        return !createQuoteBodySchema.safeParse({ ...accountBody, lockedCurrencyAmount: n }).success;
      }),
    );
  });

  it("validates ids, side, and sender info keys", () => {
    expect(paths({ ...accountBody, source: { accountId: "Customer:1" } })).toEqual(["source.accountId"]);
    expect(paths({ ...accountBody, lockedCurrencySide: "BOTH" })).toEqual(["lockedCurrencySide"]);
    expect(paths({ ...umaBody, senderCustomerInfo: { SHOE_SIZE: "9" } })).toEqual(["senderCustomerInfo"]);
    expect(paths({ ...umaBody, senderCustomerInfo: { BIRTH_DATE: "1990-02-30" } })).toEqual([
      "senderCustomerInfo.BIRTH_DATE",
    ]);
    expect(paths({ ...accountBody, immediatelyExecute: "true" })).toEqual(["immediatelyExecute"]);
  });

  it("takes a real-time funded source {customerId?, currency}, and an account source with its currency", () => {
    const realTime = { ...accountBody, source: { customerId: "Customer:1", currency: "USD" } };
    expect(createQuoteBodySchema.safeParse(realTime).success).toBe(true);
    expect(createQuoteBodySchema.safeParse({ ...accountBody, source: { currency: "USD" } }).success).toBe(
      true,
    );
    expect(
      createQuoteBodySchema.safeParse({
        ...accountBody,
        source: { accountId: "InternalAccount:1", currency: "USD" },
      }).success,
    ).toBe(true);
    expect(paths({ ...accountBody, source: { customerId: "Customer:1" } })).toEqual(["source.accountId"]);
    expect(
      paths({
        ...accountBody,
        source: { accountId: "InternalAccount:1", customerId: "Customer:1", currency: "USD" },
      }),
    ).toEqual(["source.customerId"]);
  });

  it("takes senderCustomerInfo for an account destination only with a lookup", () => {
    const info = { senderCustomerInfo: { FULL_NAME: "Ada Lovelace" } };
    expect(paths({ ...accountBody, ...info })).toEqual(["senderCustomerInfo"]);
    expect(createQuoteBodySchema.safeParse({ ...accountBody, ...info, lookupId: "Lookup:1" }).success).toBe(
      true,
    );
  });

  it("refuses unknown fields at every level", () => {
    expect(createQuoteBodySchema.safeParse({ ...accountBody, fee: 1 }).success).toBe(false);
    expect(
      createQuoteBodySchema.safeParse({ ...accountBody, source: { accountId: "InternalAccount:1", x: 1 } })
        .success,
    ).toBe(false);
  });
});

describe("listQuotesQuerySchema", () => {
  it("takes every filter", () => {
    expect(
      listQuotesQuerySchema.parse({
        customerId: "Customer:1",
        sendingAccountId: "InternalAccount:1",
        receivingAccountId: "ExternalAccount:2",
        sendingUmaAddress: "$a@example.com",
        receivingUmaAddress: "$B@example.com",
        status: "EXPIRED",
        createdAfter: "2025-01-01T00:00:00Z",
        createdBefore: "2025-01-02T00:00:00Z",
        limit: "10",
        cursor: "c",
      }),
    ).toMatchObject({ receivingUmaAddress: "$b@example.com", status: "EXPIRED", limit: 10 });
  });

  it("refuses bad statuses, bounds and unknown parameters", () => {
    expect(listQuotesQuerySchema.safeParse({ status: "DONE" }).success).toBe(false);
    expect(listQuotesQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(listQuotesQuerySchema.safeParse({ quoteId: "Quote:1" }).success).toBe(false);
  });
});

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const mxn = { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2 };
const quote = {
  quoteId: "Quote:1",
  status: "PENDING",
  createdAt: "2025-01-01T00:00:00Z",
  expiresAt: "2025-01-01T00:05:00Z",
  source: { sourceType: "ACCOUNT", accountId: "InternalAccount:1", customerId: "Customer:1" },
  destination: { destinationType: "ACCOUNT", accountId: "ExternalAccount:2" },
  sendingCurrency: usd,
  receivingCurrency: mxn,
  totalSendingAmount: 10000,
  totalReceivingAmount: 170000,
  exchangeRate: 0.0588,
  feesIncluded: 0,
  transactionId: "Transaction:1",
};

describe("quoteSchema", () => {
  it("parses the required fields and keeps unknown ones", () => {
    expect(quoteSchema.parse({ ...quote, riskNote: "ok" })).toMatchObject({ riskNote: "ok" });
    expect(quoteListSchema.safeParse({ data: [quote], hasMore: false }).success).toBe(true);
  });

  it("parses optional payment instructions and rate details", () => {
    const full = {
      ...quote,
      paymentInstructions: [{ accountType: "US_ACCOUNT", accountNumber: "1", routingNumber: "021000021" }],
      rateDetails: {
        serviceApiFixedFee: 10,
        serviceApiVariableFeeRate: 0.003,
        serviceApiVariableFeeAmount: 3,
      },
      originalQuoteId: "Quote:0",
    };
    expect(quoteSchema.safeParse(full).success).toBe(true);
  });

  it("parses a real-time funded quote's source and instructions", () => {
    const realTime = {
      ...quote,
      source: { sourceType: "REALTIME_FUNDING", customerId: "Customer:1", currency: "USD" },
      paymentInstructions: [
        {
          reference: "RTF-1",
          instructionsNotes: "Send exactly 10.00 USD",
          bankAccountInfo: { accountType: "US_ACCOUNT", accountNumber: "1", routingNumber: "021000021" },
        },
      ],
    };
    expect(quoteSchema.parse(realTime).paymentInstructions).toEqual(realTime.paymentInstructions);
    const noBank = { ...realTime, paymentInstructions: [{ reference: "RTF-1" }] };
    expect(quoteSchema.safeParse(noBank).success).toBe(false);
  });

  it("needs every required field, a known status and non-negative fees", () => {
    for (const field of [
      "quoteId",
      "status",
      "expiresAt",
      "sendingCurrency",
      "transactionId",
      "exchangeRate",
    ]) {
      expect(quoteSchema.safeParse({ ...quote, [field]: undefined }).success, field).toBe(false);
    }
    expect(quoteSchema.safeParse({ ...quote, status: "DONE" }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, feesIncluded: -1 }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, totalSendingAmount: 1.5 }).success).toBe(false);
  });

  it("enums and rate details", () => {
    expect(quoteStatusSchema.options).toEqual(["PENDING", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]);
    expect(lockedCurrencySideSchema.options).toEqual(["SENDING", "RECEIVING"]);
    const variable = { serviceApiVariableFeeRate: 0.003, serviceApiVariableFeeAmount: 0 };
    expect(rateDetailsSchema.safeParse({ ...variable, counterpartyMultiplier: "1" }).success).toBe(false);
    expect(rateDetailsSchema.parse(variable)).toEqual(variable);
    // The reference requires both variable fee fields, the rate strictly greater than 0 (api-notes §8).
    expect(rateDetailsSchema.safeParse({}).success).toBe(false);
    expect(rateDetailsSchema.safeParse({ serviceApiVariableFeeRate: 0.003 }).success).toBe(false);
    expect(rateDetailsSchema.safeParse({ ...variable, serviceApiVariableFeeRate: 0 }).success).toBe(false);
    expect(rateDetailsSchema.safeParse({ ...variable, serviceApiVariableFeeAmount: -1 }).success).toBe(false);
  });
});
