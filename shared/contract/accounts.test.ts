import { describe, expect, it } from "vitest";
import {
  createCustomerExternalAccountBodySchema,
  createPlatformExternalAccountBodySchema,
  customerInternalAccountListSchema,
  externalAccountListSchema,
  externalAccountSchema,
  internalAccountSchema,
  isPlatformInternalAccount,
  listCustomerExternalAccountsQuerySchema,
  listCustomerInternalAccountsQuerySchema,
  listPlatformExternalAccountsQuerySchema,
  listPlatformInternalAccountsQuerySchema,
  paymentInstructionSchema,
  platformInternalAccountListSchema,
} from "./accounts";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };

const internalAccount = {
  id: "InternalAccount:1",
  balance: { amount: 12345, currency: usd },
  fundingPaymentInstructions: [
    {
      accountOrWalletInfo: { accountType: "CLABE", clabeNumber: "032180000118359719", reference: "REF-1" },
      instructionsNotes: "Include the reference as memo",
      isPlatformAccount: true,
    },
  ],
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  customerId: "Customer:1",
};

describe("internal accounts", () => {
  it("keep unknown fields, including type-specific funding fields", () => {
    const parsed = internalAccountSchema.parse({ ...internalAccount, nickname: "main" });
    expect(parsed).toMatchObject({ nickname: "main" });
    expect(parsed.fundingPaymentInstructions[0]?.accountOrWalletInfo).toMatchObject({
      clabeNumber: "032180000118359719",
    });
  });

  it("default missing funding instructions to an empty list", () => {
    const { fundingPaymentInstructions: _f, ...rest } = internalAccount;
    expect(internalAccountSchema.parse(rest).fundingPaymentInstructions).toEqual([]);
  });

  it("need an integer balance amount", () => {
    expect(
      internalAccountSchema.safeParse({ ...internalAccount, balance: { amount: 1.5, currency: usd } })
        .success,
    ).toBe(false);
    expect(internalAccountSchema.safeParse({ ...internalAccount, balance: undefined }).success).toBe(false);
  });

  it("belong to the platform when customerId is absent or empty", () => {
    expect(isPlatformInternalAccount({ customerId: undefined })).toBe(true);
    expect(isPlatformInternalAccount({ customerId: "" })).toBe(true);
    expect(isPlatformInternalAccount({ customerId: "Customer:1" })).toBe(false);
  });

  it("list envelopes: paginated for customers, bare data for the platform", () => {
    expect(
      customerInternalAccountListSchema.safeParse({ data: [internalAccount], hasMore: false }).success,
    ).toBe(true);
    expect(customerInternalAccountListSchema.safeParse({ data: [internalAccount] }).success).toBe(false);
    expect(platformInternalAccountListSchema.safeParse({ data: [internalAccount] }).success).toBe(true);
  });

  it("customer list query takes currency, customerId, limit and cursor", () => {
    expect(
      listCustomerInternalAccountsQuerySchema.parse({
        currency: "USD",
        customerId: "Customer:1",
        limit: "5",
        cursor: "c",
      }),
    ).toEqual({ currency: "USD", customerId: "Customer:1", limit: 5, cursor: "c" });
    expect(listCustomerInternalAccountsQuerySchema.safeParse({ currency: "usd" }).success).toBe(false);
    expect(listCustomerInternalAccountsQuerySchema.safeParse({ customerId: "1" }).success).toBe(false);
    expect(listCustomerInternalAccountsQuerySchema.safeParse({ type: "x" }).success).toBe(false);
  });

  it("platform list query takes only currency", () => {
    expect(listPlatformInternalAccountsQuerySchema.parse({ currency: "MXN" })).toEqual({ currency: "MXN" });
    expect(listPlatformInternalAccountsQuerySchema.safeParse({ limit: "5" }).success).toBe(false);
  });
});

describe("external accounts", () => {
  const accountInfo = { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "IXE Banco" };
  const stored = {
    id: "ExternalAccount:1",
    customerId: "Customer:1",
    status: "ACTIVE",
    currency: "MXN",
    accountInfo,
    createdAt: "2025-01-01T00:00:00Z",
  };

  it("response keeps unknown fields and knows the four statuses", () => {
    expect(externalAccountSchema.parse(stored)).toEqual(stored);
    for (const status of ["PENDING", "ACTIVE", "UNDER_REVIEW", "INACTIVE"]) {
      expect(externalAccountSchema.safeParse({ ...stored, status }).success).toBe(true);
    }
    expect(externalAccountSchema.safeParse({ ...stored, status: "CLOSED" }).success).toBe(false);
    expect(externalAccountListSchema.safeParse({ data: [stored], hasMore: false }).success).toBe(true);
  });

  it("customer create body needs customerId, currency and valid account info", () => {
    const body = { customerId: "Customer:1", currency: "MXN", accountInfo, platformAccountId: "p-1" };
    expect(createCustomerExternalAccountBodySchema.safeParse(body).success).toBe(true);
    expect(
      createCustomerExternalAccountBodySchema.safeParse({ ...body, customerId: undefined }).success,
    ).toBe(false);
    const badClabe = createCustomerExternalAccountBodySchema.safeParse({
      ...body,
      accountInfo: { ...accountInfo, clabeNumber: "032180000118359718" },
    });
    expect(badClabe.error?.issues[0]?.path).toEqual(["accountInfo", "clabeNumber"]);
    expect(createCustomerExternalAccountBodySchema.safeParse({ ...body, status: "ACTIVE" }).success).toBe(
      false,
    );
  });

  it("platform create body has no customerId", () => {
    const body = { currency: "MXN", accountInfo };
    expect(createPlatformExternalAccountBodySchema.safeParse(body).success).toBe(true);
    expect(
      createPlatformExternalAccountBodySchema.safeParse({ ...body, customerId: "Customer:1" }).success,
    ).toBe(false);
  });

  it("list queries", () => {
    expect(
      listCustomerExternalAccountsQuerySchema.parse({ customerId: "Customer:1", currency: "MXN" }),
    ).toEqual({
      customerId: "Customer:1",
      currency: "MXN",
      limit: 20,
    });
    // The platform's list is whole (api-notes §8): no pages.
    expect(listPlatformExternalAccountsQuerySchema.parse({ currency: "EUR" })).toEqual({ currency: "EUR" });
    expect(listPlatformExternalAccountsQuerySchema.safeParse({ limit: "3" }).success).toBe(false);
    expect(listPlatformExternalAccountsQuerySchema.safeParse({ customerId: "Customer:1" }).success).toBe(
      false,
    );
  });
});

describe("payment instructions", () => {
  it("parse US_ACCOUNT and SERVICE_WALLET and keep unknown fields", () => {
    const us = {
      accountType: "US_ACCOUNT",
      accountNumber: "1234",
      routingNumber: "021000021",
      bankName: "B",
      referenceCode: "R",
      memo: "x",
    };
    expect(paymentInstructionSchema.parse(us)).toEqual(us);
    const wallet = { accountType: "SERVICE_WALLET", address: "addr", invoice: "lnbc1..." };
    expect(paymentInstructionSchema.parse(wallet)).toEqual(wallet);
  });

  it("keep other account types as they came, and refuse a US instruction without its numbers", () => {
    expect(paymentInstructionSchema.parse({ accountType: "WALLET_OF_A_NEWER_API", address: "x" })).toEqual({
      accountType: "WALLET_OF_A_NEWER_API",
      address: "x",
    });
    expect(paymentInstructionSchema.safeParse({ accountType: "US_ACCOUNT", bankName: "B" }).success).toBe(
      false,
    );
  });
});
