import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api-error";
import type { ReceiverLookup } from "@/shared/contract";
import {
  emptySendMoneyValues,
  formFieldFor,
  quoteErrorPlacement,
  type SendMoneyContext,
  type SendMoneyValues,
} from "./send-money-model";
import { buildQuoteBody, sendMoneySchema } from "./send-money-schema";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const mxn = { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimals: 2 };
const jpy = { code: "JPY", name: "Yen", symbol: "¥", decimals: 0 };

const lookup: ReceiverLookup = {
  lookupId: "Lookup:1",
  receiverUmaAddress: "$success.usd@sandbox.uma.money",
  supportedCurrencies: [{ currency: usd, estimatedExchangeRate: 1, min: 100, max: 50_000 }],
  requiredPayerDataFields: [
    { name: "FULL_NAME", mandatory: true },
    { name: "BIRTH_DATE", mandatory: false },
  ],
};

function parse(values: Partial<SendMoneyValues>, context: SendMoneyContext) {
  const all = { ...emptySendMoneyValues, ...values };
  return sendMoneySchema(all, context).safeParse(all);
}

const messages = (result: ReturnType<typeof parse>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));

describe("the send-money form", () => {
  const toAccount: SendMoneyContext = { sendingCurrency: usd, receivingCurrency: mxn, lookup: undefined };

  it("builds an account-to-account quote with the amount exact in minor units", () => {
    const result = parse(
      {
        sourceAccountId: "InternalAccount:a",
        destinationAccountId: "InternalAccount:b",
        amount: "1,234.56",
        description: "  Rent  ",
      },
      toAccount,
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(buildQuoteBody(result.data, toAccount)).toEqual({
      ok: true,
      body: {
        source: { accountId: "InternalAccount:a" },
        destination: { accountId: "InternalAccount:b", currency: "MXN" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 123_456,
        description: "Rent",
      },
    });
  });

  it("reads the amount in the receiving currency when that side is locked", () => {
    const context = { ...toAccount, receivingCurrency: jpy };
    const ok = parse(
      {
        sourceAccountId: "InternalAccount:a",
        destinationAccountId: "InternalAccount:b",
        lockedSide: "RECEIVING",
        amount: "1500",
      },
      context,
    );
    expect(ok.success && ok.data.amount).toBe(1500);
    const bad = parse(
      {
        sourceAccountId: "InternalAccount:a",
        destinationAccountId: "InternalAccount:b",
        lockedSide: "RECEIVING",
        amount: "15.5",
      },
      context,
    );
    expect(messages(bad).amount).toMatch(/JPY/);
  });

  it("asks for the accounts, and refuses paying an account into itself", () => {
    expect(messages(parse({ amount: "1" }, toAccount))).toMatchObject({
      sourceAccountId: "Choose the account to send from",
      destinationAccountId: "Choose the account to pay into",
    });
    expect(
      messages(
        parse(
          { sourceAccountId: "InternalAccount:a", destinationAccountId: "InternalAccount:a", amount: "1" },
          toAccount,
        ),
      ).destinationAccountId,
    ).toMatch(/other than/);
  });

  it("needs a lookup of the same address, the receiver's bounds and its required payer data for a UMA payment", () => {
    const context: SendMoneyContext = { sendingCurrency: usd, receivingCurrency: usd, lookup };
    const base = {
      sourceAccountId: "InternalAccount:a",
      destinationKind: "uma" as const,
      umaAddress: "$success.usd@sandbox.uma.money",
      receivingCurrency: "USD",
    };
    const blank = { FULL_NAME: "", BIRTH_DATE: "" };
    expect(
      messages(parse({ ...base, umaAddress: "$other@sandbox.uma.money", amount: "5", payer: blank }, context))
        .umaAddress,
    ).toBe("Look the address up before quoting");
    expect(messages(parse({ ...base, amount: "5", payer: blank }, context))).toEqual({
      "payer.FULL_NAME": "Required",
    });
    expect(
      messages(
        parse(
          { ...base, lockedSide: "RECEIVING", amount: "600", payer: { FULL_NAME: "Ana", BIRTH_DATE: "" } },
          context,
        ),
      ).amount,
    ).toMatch(/at most/);

    const result = parse(
      { ...base, amount: "25", payer: { FULL_NAME: "Ana López", BIRTH_DATE: "" } },
      context,
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(buildQuoteBody(result.data, context)).toEqual({
      ok: true,
      body: {
        source: { accountId: "InternalAccount:a" },
        destination: { umaAddress: "$success.usd@sandbox.uma.money", currency: "USD" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 2_500,
        lookupId: "Lookup:1",
        senderCustomerInfo: { FULL_NAME: "Ana López" },
      },
    });
  });
});

describe("the send-money form's bank account and just-in-time choices", () => {
  const accountLookup = {
    lookupId: "Lookup:2",
    accountId: "ExternalAccount:bank",
    supportedCurrencies: [{ currency: mxn, estimatedExchangeRate: 0.06, min: 1_000, max: 9_000_000 }],
    requiredPayerDataFields: [],
  };

  it("pays a bank account only after looking that account up, with the lookup's id", () => {
    const context: SendMoneyContext = { sendingCurrency: usd, receivingCurrency: mxn, lookup: accountLookup };
    const values = {
      sourceAccountId: "InternalAccount:a",
      destinationKind: "external" as const,
      destinationAccountId: "ExternalAccount:bank",
      amount: "10",
    };
    const notLookedUp = parse(values, { ...context, lookup: undefined });
    expect(messages(notLookedUp)).toEqual({ destinationAccountId: "Look the account up before quoting" });
    const other = parse({ ...values, destinationAccountId: "ExternalAccount:other" }, context);
    expect(messages(other)).toEqual({ destinationAccountId: "Look the account up before quoting" });
    const result = parse(values, context);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(buildQuoteBody(result.data, context)).toEqual({
      ok: true,
      body: {
        source: { accountId: "InternalAccount:a" },
        destination: { accountId: "ExternalAccount:bank", currency: "MXN" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_000,
        lookupId: "Lookup:2",
      },
    });
  });

  it("funds just in time from the sender and currency of the chosen account, or the platform's", () => {
    const values = {
      sourceAccountId: "InternalAccount:a",
      fundJustInTime: true,
      destinationAccountId: "InternalAccount:b",
      amount: "5",
    };
    const forCustomer: SendMoneyContext = {
      sendingCurrency: usd,
      senderCustomerId: "Customer:1",
      receivingCurrency: mxn,
      lookup: undefined,
    };
    const result = parse(values, forCustomer);
    expect(result.success).toBe(true);
    if (!result.success) return;
    const built = buildQuoteBody(result.data, forCustomer);
    expect(built.ok && built.body.source).toEqual({ customerId: "Customer:1", currency: "USD" });
    const forPlatform = { ...forCustomer, senderCustomerId: undefined };
    const platform = buildQuoteBody(result.data, forPlatform);
    expect(platform.ok && platform.body.source).toEqual({ currency: "USD" });
  });
});

describe("server errors", () => {
  it("land on the field they concern", () => {
    expect(formFieldFor("senderCustomerInfo.FULL_NAME")).toBe("payer.FULL_NAME");
    expect(formFieldFor("lockedCurrencyAmount")).toBe("amount");
    const missing = new ApiError(400, "MISSING_MANDATORY_USER_INFO", "Missing", {
      fields: [{ path: "senderCustomerInfo.FULL_NAME", message: "Required" }],
    });
    expect(quoteErrorPlacement(missing, "uma")).toEqual([{ path: "payer.FULL_NAME", message: "Required" }]);
    const range = new ApiError(400, "AMOUNT_OUT_OF_RANGE", "Below the minimum of 1.00 USD");
    expect(quoteErrorPlacement(range, "account")).toEqual([
      { path: "amount", message: "Below the minimum of 1.00 USD" },
    ]);
    const self = new ApiError(400, "SELF_PAYMENT", "Same address");
    expect(quoteErrorPlacement(self, "uma")).toEqual([{ path: "umaAddress", message: "Same address" }]);
    const currency = new ApiError(400, "INVALID_CURRENCY", "Wrong", {
      fields: [{ path: "destination.currency", message: "Holds EUR" }],
    });
    expect(quoteErrorPlacement(currency, "account")).toEqual([
      { path: "destinationAccountId", message: "Holds EUR" },
    ]);
    expect(quoteErrorPlacement(new ApiError(500, "INTERNAL_ERROR", "Oops"), "account")).toEqual([
      { path: "root", message: "Oops" },
    ]);
  });

  it("put a receiver who cannot take money, or is deleted, on the destination, and a sender not ready on the source", () => {
    const notReady = (customerId: string) =>
      new ApiError(403, "USER_NOT_READY", "KYC not approved", { customerId, kycStatus: "REJECTED" });
    expect(quoteErrorPlacement(notReady("Customer:receiver"), "account", "Customer:sender")).toEqual([
      { path: "destinationAccountId", message: "KYC not approved" },
    ]);
    expect(quoteErrorPlacement(notReady("Customer:receiver"), "uma", "Customer:sender")).toEqual([
      { path: "umaAddress", message: "KYC not approved" },
    ]);
    expect(quoteErrorPlacement(notReady("Customer:sender"), "account", "Customer:sender")).toEqual([
      { path: "sourceAccountId", message: "KYC not approved" },
    ]);
    const deleted = new ApiError(410, "CUSTOMER_DELETED", "The account's owner is deleted.");
    expect(quoteErrorPlacement(deleted, "account", "Customer:sender")).toEqual([
      { path: "destinationAccountId", message: "The account's owner is deleted." },
    ]);
  });
});
