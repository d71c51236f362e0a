import { z } from "zod";
import { majorUnitsAmountSchema } from "@/components/forms/amount-schema";
import { toReceiverCustomerInfo } from "@/lib/universal/approvals/receiver-info";
import { receiverInfoFormSchema } from "@/lib/universal/approvals/receiver-info-schema";
import { type CreateQuoteBody, createQuoteBodySchema, parseUmaAddress } from "@/shared/contract";
import {
  amountCurrency,
  formFieldFor,
  isAccountLookup,
  payerFields,
  receiverBounds,
  type SendMoneyContext,
  type SendMoneyValues,
} from "./send-money-model";

/**
 * The form's schema for the current context: the amount is parsed exactly in its currency's decimals, a UMA
 * destination needs a lookup of the same address and the payer fields it requires.
 */
export function sendMoneySchema(
  values: Pick<SendMoneyValues, "lockedSide" | "receivingCurrency">,
  context: SendMoneyContext,
) {
  const currency = amountCurrency(values, context);
  const bounds = receiverBounds(values, context.lookup);
  return z
    .object({
      sourceAccountId: z.string().min(1, "Choose the account to send from"),
      fundJustInTime: z.boolean(),
      destinationKind: z.enum(["account", "uma", "external"]),
      destinationAccountId: z.string(),
      umaAddress: z.string().trim(),
      receivingCurrency: z.string(),
      lockedSide: z.enum(["SENDING", "RECEIVING"]),
      amount: currency
        ? majorUnitsAmountSchema(currency, bounds ?? {})
        : z.string().transform((_value, ctx) => {
            ctx.issues.push({
              code: "custom",
              message:
                values.lockedSide === "SENDING"
                  ? "Choose the account to send from first"
                  : "Choose where the money goes first",
              input: _value,
            });
            return z.NEVER;
          }),
      description: z.string().trim().max(1000, "At most 1000 characters"),
      immediatelyExecute: z.boolean(),
      payer: receiverInfoFormSchema(payerFields(context.lookup)),
    })
    .superRefine((value, ctx) => {
      if (value.destinationKind === "account") {
        if (!value.destinationAccountId) {
          ctx.addIssue({
            code: "custom",
            path: ["destinationAccountId"],
            message: "Choose the account to pay into",
          });
        } else if (value.destinationAccountId === value.sourceAccountId) {
          ctx.addIssue({
            code: "custom",
            path: ["destinationAccountId"],
            message: "Choose an account other than the one you send from",
          });
        }
        return;
      }
      if (value.destinationKind === "external") {
        if (!value.destinationAccountId) {
          ctx.addIssue({
            code: "custom",
            path: ["destinationAccountId"],
            message: "Choose the bank account to pay into",
          });
        } else if (
          !isAccountLookup(context.lookup) ||
          context.lookup.accountId !== value.destinationAccountId
        ) {
          ctx.addIssue({
            code: "custom",
            path: ["destinationAccountId"],
            message: "Look the account up before quoting",
          });
        }
        return;
      }
      const address = parseUmaAddress(value.umaAddress);
      if (!address.ok) {
        ctx.addIssue({ code: "custom", path: ["umaAddress"], message: address.issue });
      } else if (!context.lookup || context.lookup.receiverUmaAddress !== address.value.address) {
        ctx.addIssue({ code: "custom", path: ["umaAddress"], message: "Look the address up before quoting" });
      } else if (!value.receivingCurrency) {
        ctx.addIssue({
          code: "custom",
          path: ["receivingCurrency"],
          message: "Choose the currency they receive",
        });
      }
    });
}

export type SendMoneyOutput = z.output<ReturnType<typeof sendMoneySchema>>;

/** The POST /quotes body for validated form values, checked once more with the contract before it leaves. */
export function buildQuoteBody(
  values: SendMoneyOutput,
  context: SendMoneyContext,
): { ok: true; body: CreateQuoteBody } | { ok: false; issues: { path: string; message: string }[] } {
  const toUma = values.destinationKind === "uma";
  const lookedUp = toUma || values.destinationKind === "external";
  const info = toUma ? toReceiverCustomerInfo(values.payer as Record<string, string | undefined>) : {};
  // Funded just in time, the source is the sender and the currency: the chosen account only says which.
  const source = values.fundJustInTime
    ? {
        ...(context.senderCustomerId ? { customerId: context.senderCustomerId } : {}),
        currency: context.sendingCurrency?.code ?? "",
      }
    : { accountId: values.sourceAccountId };
  const candidate = {
    source,
    destination: toUma
      ? {
          umaAddress: context.lookup?.receiverUmaAddress ?? values.umaAddress,
          currency: values.receivingCurrency,
        }
      : { accountId: values.destinationAccountId, currency: context.receivingCurrency?.code ?? "" },
    lockedCurrencySide: values.lockedSide,
    lockedCurrencyAmount: values.amount,
    ...(lookedUp && context.lookup ? { lookupId: context.lookup.lookupId } : {}),
    ...(values.immediatelyExecute ? { immediatelyExecute: true } : {}),
    ...(values.description ? { description: values.description } : {}),
    ...(toUma && Object.keys(info).length > 0 ? { senderCustomerInfo: info } : {}),
  };
  const parsed = createQuoteBodySchema.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: formFieldFor(issue.path.join(".")),
      message: issue.message,
    })),
  };
}
