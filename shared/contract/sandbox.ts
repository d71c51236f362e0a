import { z } from "zod";
import { currencyCodeSchema, customerIdSchema, positiveMinorAmountSchema, quoteIdSchema } from "./common";
import { MAX_SANDBOX_FUND_AMOUNT } from "./limits";
import { umaAddressSchema } from "./uma-address";

export { MAX_SANDBOX_FUND_AMOUNT };

export const fundSandboxInternalAccountBodySchema = z.strictObject({
  amount: positiveMinorAmountSchema(MAX_SANDBOX_FUND_AMOUNT),
});
export type FundSandboxInternalAccountBody = z.infer<typeof fundSandboxInternalAccountBodySchema>;

export const sendSandboxPaymentBodySchema = z.strictObject({
  quoteId: quoteIdSchema,
  currencyCode: currencyCodeSchema,
  /** Derived from the quote when omitted; a different amount makes the payment fail (FUNDING_AMOUNT_MISMATCH). */
  currencyAmount: positiveMinorAmountSchema().optional(),
});
export type SendSandboxPaymentBody = z.infer<typeof sendSandboxPaymentBodySchema>;

export const receiveSandboxUmaPaymentBodySchema = z
  .strictObject({
    senderUmaAddress: umaAddressSchema,
    receivingCurrencyCode: currencyCodeSchema,
    receivingCurrencyAmount: positiveMinorAmountSchema(),
    receiverUmaAddress: umaAddressSchema.optional(),
    customerId: customerIdSchema.optional(),
  })
  .check((ctx) => {
    if (ctx.value.receiverUmaAddress === undefined && ctx.value.customerId === undefined) {
      ctx.issues.push({
        code: "custom",
        message: "Give the receiver's receiverUmaAddress or customerId",
        path: ["receiverUmaAddress"],
        input: ctx.value,
      });
    }
  });
export type ReceiveSandboxUmaPaymentBody = z.infer<typeof receiveSandboxUmaPaymentBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Sandbox behaviour (api-notes §4), shared by the local service that implements it and the console that offers it

export {
  findSandboxSender,
  LISTED_SANDBOX_PEOPLE,
  LISTED_SANDBOX_PERSON,
  LISTED_SANDBOX_SENDER,
  SANDBOX_SENDER_UMA_ADDRESSES,
  SANDBOX_UMA_DOMAIN,
  SANDBOX_UMA_DOMAIN_ALIASES,
  type SandboxSender,
  type SandboxSenderOutcome,
  sandboxSenders,
} from "./sandbox-senders";

export type SandboxAccountOutcome =
  | "INSUFFICIENT_FUNDS"
  | "ACCOUNT_CLOSED"
  | "REJECTED_BY_BANK"
  | "PENDING_THEN_FAILS"
  | "COMPLETES";

/** Magic last three digits of an external account's number, IBAN, CLABE, or the user part of a PIX/UPI key. */
export const sandboxAccountSuffixOutcomes: Readonly<Record<string, SandboxAccountOutcome>> = {
  "002": "INSUFFICIENT_FUNDS",
  "003": "ACCOUNT_CLOSED",
  "004": "REJECTED_BY_BANK",
  "005": "PENDING_THEN_FAILS",
  "009": "PENDING_THEN_FAILS",
};

/** What the sandbox does with transfers to or from an account identified by `identifier`. */
export function sandboxAccountOutcome(identifier: string): SandboxAccountOutcome {
  const user = identifier.includes("@") ? identifier.slice(0, identifier.indexOf("@")) : identifier;
  return sandboxAccountSuffixOutcomes[user.slice(-3)] ?? "COMPLETES";
}
