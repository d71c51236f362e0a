import { approvalFormFields } from "@/lib/approvals/receiver-info";
import { fieldErrors } from "@/lib/payments/error-details";
import type { ApiError } from "@/shared/api-error";
import type { Currency, LockedCurrencySide, ReceiverLookup } from "@/shared/contract";

/** What the send-money form holds, as typed. Accounts are chosen outside it and arrive as ids and currencies. */
export type SendMoneyValues = {
  sourceAccountId: string;
  destinationKind: "account" | "uma";
  destinationAccountId: string;
  umaAddress: string;
  receivingCurrency: string;
  lockedSide: LockedCurrencySide;
  amount: string;
  description: string;
  immediatelyExecute: boolean;
  payer: Record<string, string>;
};

export const emptySendMoneyValues: SendMoneyValues = {
  sourceAccountId: "",
  destinationKind: "account",
  destinationAccountId: "",
  umaAddress: "",
  receivingCurrency: "",
  lockedSide: "SENDING",
  amount: "",
  description: "",
  immediatelyExecute: false,
  payer: {},
};

/** What the form's rules depend on besides its own values. */
export type SendMoneyContext = {
  sendingCurrency: Currency | undefined;
  receivingCurrency: Currency | undefined;
  /** The receiver lookup, for a UMA destination; it must be for the address in the form. */
  lookup: ReceiverLookup | undefined;
};

/** The payer data fields the receiver asks for, the ones the API knows. */
export function payerFields(lookup: ReceiverLookup | undefined) {
  return approvalFormFields(lookup?.requiredPayerDataFields ?? []);
}

/** The currency the typed amount is in: what we send, or what they receive, by the locked side. */
export function amountCurrency(values: Pick<SendMoneyValues, "lockedSide">, context: SendMoneyContext) {
  return values.lockedSide === "SENDING" ? context.sendingCurrency : context.receivingCurrency;
}

/** The receiver's bounds for the typed amount, when it is in the receiving currency of a UMA lookup. */
export function receiverBounds(
  values: Pick<SendMoneyValues, "lockedSide" | "receivingCurrency">,
  lookup: ReceiverLookup | undefined,
): { min: number; max: number } | undefined {
  if (values.lockedSide !== "RECEIVING" || !lookup) return undefined;
  const offered = lookup.supportedCurrencies.find(
    (entry) => entry.currency.code === values.receivingCurrency,
  );
  return offered ? { min: Math.max(1, offered.min), max: offered.max } : undefined;
}

/** The form field a path of the API's body (or its field errors) belongs to. */
export function formFieldFor(apiPath: string): string {
  if (apiPath.startsWith("senderCustomerInfo."))
    return `payer.${apiPath.slice("senderCustomerInfo.".length)}`;
  if (apiPath === "source.accountId" || apiPath === "source") return "sourceAccountId";
  if (apiPath === "destination.accountId") return "destinationAccountId";
  if (apiPath === "destination.umaAddress" || apiPath === "lookupId") return "umaAddress";
  if (apiPath === "destination.currency") return "receivingCurrency";
  if (apiPath === "lockedCurrencyAmount") return "amount";
  if (apiPath === "description") return "description";
  return "root";
}

/**
 * Where a refused quote's error belongs: its field errors on their fields, else by code on the field it concerns,
 * else on the form as a whole.
 */
export function quoteErrorPlacement(
  error: ApiError,
  destinationKind: SendMoneyValues["destinationKind"],
): { path: string; message: string }[] {
  // The fields of the other kind of destination are not on screen; their errors belong to the one that is.
  const visible = (path: string) => {
    if (destinationKind === "account" && (path === "receivingCurrency" || path === "umaAddress")) {
      return "destinationAccountId";
    }
    if (destinationKind === "uma" && path === "destinationAccountId") return "umaAddress";
    return path;
  };
  const fields = Object.entries(fieldErrors(error)).map(([path, message]) => ({
    path: visible(formFieldFor(path)),
    message,
  }));
  if (fields.length > 0 && fields.every((field) => field.path !== "root")) return fields;
  const byCode: Record<string, string> = {
    AMOUNT_OUT_OF_RANGE: "amount",
    INVALID_AMOUNT: "amount",
    INVALID_CURRENCY: "receivingCurrency",
    SELF_PAYMENT: "destinationAccountId",
    USER_NOT_READY: "sourceAccountId",
    UMA_NOT_FOUND: "umaAddress",
    INVALID_UMA_ADDRESS: "umaAddress",
    LOOKUP_REQUEST_NOT_FOUND: "umaAddress",
  };
  const path = byCode[error.code];
  return [{ path: path ? visible(path) : "root", message: error.message }];
}
