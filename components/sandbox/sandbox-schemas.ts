import { z } from "zod";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import {
  currencyDecimals,
  type InternalAccount,
  MAX_SANDBOX_FUND_AMOUNT,
  type Quote,
  umaAddressIssue,
} from "@/shared/contract";

/**
 * The sandbox forms' rules and the contract schemas their requests and answers are checked with, downloaded on
 * first validation (lib/client/forms/lazy-zod-resolver) or when a request is sent, not with the page.
 */
export {
  fundSandboxInternalAccountBodySchema,
  internalAccountSchema,
  receiveSandboxUmaPaymentBodySchema,
  sendSandboxPaymentBodySchema,
  transactionSchema,
} from "@/shared/contract";

/** The form's rules; the amount is read in the decimals of the account chosen, which the getter supplies. */
export function fundFormSchema(accounts: () => readonly InternalAccount[] | undefined) {
  return z
    .object({
      owner: z.string().min(1),
      accountId: z.string().min(1, "Choose an account"),
      amount: z.string(),
    })
    .superRefine((values, ctx) => {
      const chosen = accounts()?.find((candidate) => candidate.id === values.accountId);
      if (!chosen) return;
      const parsed = parseMajorUnits(values.amount, chosen.balance.currency.decimals, {
        min: 1,
        max: MAX_SANDBOX_FUND_AMOUNT,
        currencyCode: chosen.balance.currency.code,
      });
      if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.error });
    });
}

export function sendFormSchema(quotes: () => readonly Quote[] | undefined) {
  return z
    .object({ quoteId: z.string().min(1, "Choose a quote"), amount: z.string() })
    .superRefine((values, ctx) => {
      const quote = quotes()?.find((candidate) => candidate.quoteId === values.quoteId);
      if (!quote || values.amount.trim() === "") return;
      const parsed = parseMajorUnits(values.amount, quote.sendingCurrency.decimals, {
        min: 1,
        currencyCode: quote.sendingCurrency.code,
      });
      if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.error });
    });
}

export const receiveFormSchema = z
  .object({
    sender: z.string().min(1, "Choose a sender"),
    receiverBy: z.enum(["customer", "uma"]),
    customerId: z.string(),
    receiverUmaAddress: z.string().trim(),
    currency: z.string().min(1, "Choose a currency"),
    amount: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.receiverBy === "customer" && values.customerId === "") {
      ctx.addIssue({ code: "custom", path: ["customerId"], message: "Choose the receiving customer" });
    }
    if (values.receiverBy === "uma") {
      const issue = umaAddressIssue(values.receiverUmaAddress);
      if (issue) ctx.addIssue({ code: "custom", path: ["receiverUmaAddress"], message: issue });
    }
    const decimals = currencyDecimals(values.currency);
    if (decimals === undefined) return;
    const parsed = parseMajorUnits(values.amount, decimals, { min: 1, currencyCode: values.currency });
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.error });
  });
