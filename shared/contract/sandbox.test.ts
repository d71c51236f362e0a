import { describe, expect, it } from "vitest";
import {
  findSandboxSender,
  fundSandboxInternalAccountBodySchema,
  MAX_SANDBOX_FUND_AMOUNT,
  receiveSandboxUmaPaymentBodySchema,
  SANDBOX_SENDER_UMA_ADDRESSES,
  sandboxAccountOutcome,
  sendSandboxPaymentBodySchema,
} from "./sandbox";
import { umaAddressIssue } from "./uma-address";

describe("fundSandboxInternalAccountBodySchema", () => {
  it("takes 1 to 100000000000", () => {
    expect(fundSandboxInternalAccountBodySchema.safeParse({ amount: 1 }).success).toBe(true);
    expect(fundSandboxInternalAccountBodySchema.safeParse({ amount: MAX_SANDBOX_FUND_AMOUNT }).success).toBe(
      true,
    );
    expect(
      fundSandboxInternalAccountBodySchema.safeParse({ amount: MAX_SANDBOX_FUND_AMOUNT + 1 }).success,
    ).toBe(false);
    expect(MAX_SANDBOX_FUND_AMOUNT).toBe(100_000_000_000);
  });

  it("refuses zero, negatives, fractions, text, missing amounts and extra fields", () => {
    for (const amount of [0, -1, 0.5, "100", undefined]) {
      expect(fundSandboxInternalAccountBodySchema.safeParse({ amount }).success, String(amount)).toBe(false);
    }
    expect(fundSandboxInternalAccountBodySchema.safeParse({ amount: 1, currency: "USD" }).success).toBe(
      false,
    );
  });
});

describe("sendSandboxPaymentBodySchema", () => {
  it("needs quoteId and currencyCode; currencyAmount is optional and positive", () => {
    expect(sendSandboxPaymentBodySchema.safeParse({ quoteId: "Quote:1", currencyCode: "USD" }).success).toBe(
      true,
    );
    expect(
      sendSandboxPaymentBodySchema.safeParse({ quoteId: "Quote:1", currencyCode: "USD", currencyAmount: 100 })
        .success,
    ).toBe(true);
    expect(
      sendSandboxPaymentBodySchema.safeParse({ quoteId: "Quote:1", currencyCode: "USD", currencyAmount: 0 })
        .success,
    ).toBe(false);
    expect(
      sendSandboxPaymentBodySchema.safeParse({ quoteId: "Transaction:1", currencyCode: "USD" }).success,
    ).toBe(false);
    expect(sendSandboxPaymentBodySchema.safeParse({ quoteId: "Quote:1" }).success).toBe(false);
  });
});

describe("receiveSandboxUmaPaymentBodySchema", () => {
  const body = {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 1000,
  };

  it("needs the receiver as receiverUmaAddress or customerId (or both)", () => {
    expect(receiveSandboxUmaPaymentBodySchema.safeParse({ ...body, customerId: "Customer:1" }).success).toBe(
      true,
    );
    expect(
      receiveSandboxUmaPaymentBodySchema.safeParse({ ...body, receiverUmaAddress: "$ada@example.com" })
        .success,
    ).toBe(true);
    expect(
      receiveSandboxUmaPaymentBodySchema.safeParse({
        ...body,
        receiverUmaAddress: "$ada@example.com",
        customerId: "Customer:1",
      }).success,
    ).toBe(true);
    expect(receiveSandboxUmaPaymentBodySchema.safeParse(body).error?.issues[0]).toMatchObject({
      path: ["receiverUmaAddress"],
      message: "Give the receiver's receiverUmaAddress or customerId",
    });
  });

  it("validates amounts, currencies and addresses", () => {
    const ok = { ...body, customerId: "Customer:1" };
    expect(receiveSandboxUmaPaymentBodySchema.safeParse({ ...ok, receivingCurrencyAmount: 0 }).success).toBe(
      false,
    );
    expect(
      receiveSandboxUmaPaymentBodySchema.safeParse({ ...ok, receivingCurrencyCode: "usd" }).success,
    ).toBe(false);
    expect(
      receiveSandboxUmaPaymentBodySchema.safeParse({ ...ok, senderUmaAddress: "success.usd" }).success,
    ).toBe(false);
    expect(receiveSandboxUmaPaymentBodySchema.safeParse({ ...ok, note: "x" }).success).toBe(false);
  });
});

describe("sandbox senders and magic suffixes", () => {
  it("lists the seven senders, all valid UMA addresses", () => {
    expect(SANDBOX_SENDER_UMA_ADDRESSES).toEqual([
      "$success.usd@sandbox.uma.money",
      "$success.eur@sandbox.uma.money",
      "$success.mxn@sandbox.uma.money",
      "$pending.long.usd@sandbox.uma.money",
      "$fail.compliance.usd@sandbox.uma.money",
      "$listed.usd@sandbox.uma.money",
      "$listed.eur@sandbox.uma.money",
    ]);
    for (const address of SANDBOX_SENDER_UMA_ADDRESSES) expect(umaAddressIssue(address)).toBeNull();
  });

  it("finds senders on the alias domain and in any case, and nothing else", () => {
    expect(findSandboxSender("$Success.EUR@sandbox.service.uma.money")?.currencyCode).toBe("EUR");
    expect(findSandboxSender("$fail.compliance.usd@sandbox.uma.money")?.outcome).toBe("FAILS_COMPLIANCE");
    expect(findSandboxSender("$success.gbp@sandbox.uma.money")).toBeUndefined();
    expect(findSandboxSender("$success.usd@example.com")).toBeUndefined();
    expect(findSandboxSender("not an address")).toBeUndefined();
  });

  it("maps the last three digits or the key's user part to an outcome", () => {
    expect(sandboxAccountOutcome("123456002")).toBe("INSUFFICIENT_FUNDS");
    expect(sandboxAccountOutcome("DE89370400440532013003")).toBe("ACCOUNT_CLOSED");
    expect(sandboxAccountOutcome("032180000118359004")).toBe("REJECTED_BY_BANK");
    expect(sandboxAccountOutcome("ravi005@ybl")).toBe("PENDING_THEN_FAILS");
    expect(sandboxAccountOutcome("payee009@example.com")).toBe("PENDING_THEN_FAILS");
    expect(sandboxAccountOutcome("123456001")).toBe("COMPLETES");
    expect(sandboxAccountOutcome("ravi@ybl002")).toBe("COMPLETES");
  });
});
