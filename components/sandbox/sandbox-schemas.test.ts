import { describe, expect, it } from "vitest";
import type { InternalAccount, Quote } from "@/shared/contract";
import {
  fundFormSchema,
  fundSandboxInternalAccountBodySchema,
  sendFormSchema,
  sendSandboxPaymentBodySchema,
} from "./sandbox-schemas";

// The forms ask for an amount exactly where the payment API does (shared/spec/payment-api.md, "Sandbox simulation"):
// funding needs one; a send may leave it out, and the API then takes the quote's own.

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const account = { id: "InternalAccount:a1", balance: { amount: 0, currency: usd } } as InternalAccount;
const quote = { quoteId: "Quote:q1", sendingCurrency: usd, totalSendingAmount: 1_500 } as Quote;

describe("the sandbox forms' amounts", () => {
  it("funding an account needs an amount, as POST /sandbox/internal-accounts/{id}/fund does", () => {
    const schema = fundFormSchema(() => [account]);
    const empty = schema.safeParse({ owner: "platform", accountId: account.id, amount: "" });
    expect(empty.error?.issues[0]).toMatchObject({ path: ["amount"], message: "Enter an amount" });
    expect(schema.safeParse({ owner: "platform", accountId: account.id, amount: "15.00" }).success).toBe(
      true,
    );
    expect(fundSandboxInternalAccountBodySchema.safeParse({}).success).toBe(false);
  });

  it("a send may leave the amount out, as POST /sandbox/send does (the quote's own is used)", () => {
    const schema = sendFormSchema(() => [quote]);
    expect(schema.safeParse({ quoteId: quote.quoteId, amount: "" }).success).toBe(true);
    expect(schema.safeParse({ quoteId: quote.quoteId, amount: "0" }).success).toBe(false);
    expect(
      sendSandboxPaymentBodySchema.safeParse({ quoteId: quote.quoteId, currencyCode: "USD" }).success,
    ).toBe(true);
  });
});
