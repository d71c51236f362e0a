import { describe, expect, it } from "vitest";
import {
  lookupReceiverParamsSchema,
  lookupReceiverQuerySchema,
  receiverLookupSchema,
} from "./receiver-lookup";

describe("lookupReceiverQuerySchema", () => {
  it("takes exactly one of senderUmaAddress and customerId", () => {
    expect(lookupReceiverQuerySchema.parse({ senderUmaAddress: "$A@example.com" })).toEqual({
      senderUmaAddress: "$a@example.com",
    });
    expect(lookupReceiverQuerySchema.parse({ customerId: "Customer:1" })).toEqual({
      customerId: "Customer:1",
    });
    expect(lookupReceiverQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(
      "Give the sender's senderUmaAddress or customerId",
    );
    expect(
      lookupReceiverQuerySchema.safeParse({ senderUmaAddress: "$a@example.com", customerId: "Customer:1" })
        .error?.issues[0]?.path,
    ).toEqual(["customerId"]);
  });

  it("validates each value and refuses unknown parameters", () => {
    expect(lookupReceiverQuerySchema.safeParse({ senderUmaAddress: "a@example.com" }).success).toBe(false);
    expect(lookupReceiverQuerySchema.safeParse({ customerId: "1" }).success).toBe(false);
    expect(lookupReceiverQuerySchema.safeParse({ customerId: "Customer:1", currency: "USD" }).success).toBe(
      false,
    );
  });

  it("the path parameter is a UMA address", () => {
    expect(lookupReceiverParamsSchema.parse({ receiverUmaAddress: "$Bob@Example.com" })).toEqual({
      receiverUmaAddress: "$bob@example.com",
    });
    expect(lookupReceiverParamsSchema.safeParse({ receiverUmaAddress: "bob" }).success).toBe(false);
  });
});

describe("receiverLookupSchema", () => {
  const result = {
    lookupId: "Lookup:1",
    receiverUmaAddress: "$bob@example.com",
    supportedCurrencies: [
      {
        currency: { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2 },
        estimatedExchangeRate: 17.1,
        min: 100,
        max: 1000000,
      },
    ],
    requiredPayerDataFields: [{ name: "FULL_NAME", mandatory: true }],
  };

  it("parses a result and keeps unknown fields", () => {
    expect(receiverLookupSchema.parse({ ...result, receiverName: "Bob" })).toMatchObject({
      receiverName: "Bob",
    });
    const { requiredPayerDataFields: _r, ...withoutFields } = result;
    expect(receiverLookupSchema.safeParse(withoutFields).success).toBe(true);
  });

  it("needs lookupId and well-formed currencies", () => {
    expect(receiverLookupSchema.safeParse({ ...result, lookupId: undefined }).success).toBe(false);
    expect(
      receiverLookupSchema.safeParse({
        ...result,
        supportedCurrencies: [{ ...result.supportedCurrencies[0], min: 1.5 }],
      }).success,
    ).toBe(false);
    expect(
      receiverLookupSchema.safeParse({
        ...result,
        requiredPayerDataFields: [{ name: "SHOE", mandatory: true }],
      }).success,
    ).toBe(false);
  });
});
