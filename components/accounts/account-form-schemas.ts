import { z } from "zod";
import { type BankAccountFormValues, bankAccountBody } from "@/components/customers/customer-form-values";
import { majorUnitsAmountSchema } from "@/components/forms/amount-schema";
import { formatMinorUnits } from "@/lib/universal/money/format";
import {
  createCustomerExternalAccountBodySchema,
  createPlatformExternalAccountBodySchema,
  type InternalAccount,
  MAX_SANDBOX_FUND_AMOUNT,
} from "@/shared/contract";

/**
 * The accounts dialogs' rules, downloaded with zod on first validation or focus (lib/client/forms/lazy-zod-resolver),
 * not with the dialog: the one resolver every form uses.
 */

/** Sandbox funding: an amount in the account's currency, at most the sandbox's ceiling. */
export function fundFormSchema(currency: InternalAccount["balance"]["currency"]) {
  return z.object({ amount: majorUnitsAmountSchema(currency, { max: MAX_SANDBOX_FUND_AMOUNT }) });
}

/** A transfer in or out; out is at most the balance. */
export function transferFormSchema(account: InternalAccount) {
  const currency = account.balance.currency;
  return z
    .object({
      direction: z.enum(["in", "out"]),
      externalAccountId: z.string().min(1, "Choose a bank account"),
      amount: majorUnitsAmountSchema(currency),
    })
    .superRefine((values, ctx) => {
      if (values.direction === "out" && values.amount > account.balance.amount) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: `More than the balance, ${formatMinorUnits(account.balance.amount, currency)}`,
        });
      }
    });
}

export type ExternalAccountFormValues = {
  currency: string;
  bankAccountInfo: BankAccountFormValues;
  /** The platform's accounts only: the legal name of who holds the account, screened before money goes to it. */
  holderLegalName?: string;
};

/** A bank account for a customer (customerId given) or for the platform, checked with the contract's body schema. */
export function externalAccountFormSchema(customerId: string | undefined) {
  const bodySchema = customerId
    ? createCustomerExternalAccountBodySchema
    : createPlatformExternalAccountBodySchema;
  const holder = (values: ExternalAccountFormValues) => values.holderLegalName?.trim() ?? "";
  const bodyOf = (values: ExternalAccountFormValues) => {
    const accountInfo = bankAccountBody(values.bankAccountInfo);
    return {
      ...(customerId ? { customerId } : {}),
      currency: values.currency,
      // A customer's own account is held by the customer; the platform's names its holder, as the API's beneficiary.
      accountInfo:
        customerId || !accountInfo
          ? accountInfo
          : { ...accountInfo, beneficiary: { legalName: holder(values) } },
    };
  };
  return z
    .custom<ExternalAccountFormValues>()
    .superRefine((values, ctx) => {
      if (values.bankAccountInfo.accountType === "") {
        ctx.addIssue({
          code: "custom",
          message: "Choose an account type",
          path: ["bankAccountInfo", "accountType"],
        });
        return;
      }
      // No money goes to an account that names no holder (the relay refuses it): the platform's must name one.
      if (!customerId && holder(values) === "") {
        ctx.addIssue({ code: "custom", message: "Name who holds the account", path: ["holderLegalName"] });
        return;
      }
      const parsed = bodySchema.safeParse(bodyOf(values));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const [head, ...rest] = issue.path.map(String);
        const path =
          head === "accountInfo" && rest[0] === "beneficiary"
            ? ["holderLegalName"]
            : head === "accountInfo"
              ? ["bankAccountInfo", ...rest]
              : [head ?? "currency", ...rest];
        ctx.addIssue({ code: "custom", message: issue.message, path });
      }
    })
    .transform((values) => bodySchema.parse(bodyOf(values)));
}
