import { fieldErrors } from "@/lib/universal/api/error-details";
import { approvalFormFields } from "@/lib/universal/approvals/receiver-info";
import type { ApiError } from "@/shared/api-error";
import type { Currency, ExternalAccountLookup, LockedCurrencySide, ReceiverLookup } from "@/shared/contract";

/** Where the money goes: another internal account, a UMA address, or an external (bank) account. */
type DestinationKind = "account" | "uma" | "external";

/** A receiver lookup: of a UMA address, or of an external account (GET /receiver/external-account). */
export type AnyLookup = ReceiverLookup | ExternalAccountLookup;

/** True for the lookup of an external account (it names the account, not a UMA address). */
export function isAccountLookup(lookup: AnyLookup | undefined): lookup is ExternalAccountLookup {
  return typeof lookup?.accountId === "string";
}

/** The lookup of a UMA address, or nothing. */
export function umaLookupOf(lookup: AnyLookup | undefined): ReceiverLookup | undefined {
  return lookup && !isAccountLookup(lookup) ? (lookup as ReceiverLookup) : undefined;
}

/** What the send-money form holds, as typed. Accounts are chosen outside it and arrive as ids and currencies. */
export type SendMoneyValues = {
  sourceAccountId: string;
  /** The sender pays the quote's instructions just in time instead of from the account's balance. */
  fundJustInTime: boolean;
  destinationKind: DestinationKind;
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
  fundJustInTime: false,
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
  /** The customer who sends (absent for the platform): a real-time funded source names it. */
  senderCustomerId?: string | undefined;
  receivingCurrency: Currency | undefined;
  /** The receiver lookup, for a UMA or external destination; it must be for the address or account in the form. */
  lookup: AnyLookup | undefined;
};

/** The payer data fields the receiver asks for, the ones the API knows. */
export function payerFields(lookup: AnyLookup | undefined) {
  return approvalFormFields(lookup?.requiredPayerDataFields ?? []);
}

/** The currency the typed amount is in: what we send, or what they receive, by the locked side. */
export function amountCurrency(values: Pick<SendMoneyValues, "lockedSide">, context: SendMoneyContext) {
  return values.lockedSide === "SENDING" ? context.sendingCurrency : context.receivingCurrency;
}

/** The receiver's bounds for the typed amount, when it is in the receiving currency of a UMA lookup. */
export function receiverBounds(
  values: Pick<SendMoneyValues, "lockedSide" | "receivingCurrency">,
  lookup: AnyLookup | undefined,
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
  if (apiPath.startsWith("source")) return "sourceAccountId";
  if (apiPath === "destination.accountId") return "destinationAccountId";
  if (apiPath === "destination.umaAddress" || apiPath === "lookupId") return "umaAddress";
  if (apiPath === "destination.currency") return "receivingCurrency";
  if (apiPath === "lockedCurrencyAmount") return "amount";
  if (apiPath === "description") return "description";
  return "root";
}

function notReadyIsReceiver(error: ApiError, senderCustomerId: string | undefined): boolean {
  const named = (error.details as { customerId?: unknown } | undefined)?.customerId;
  return typeof named === "string" && senderCustomerId !== undefined && named !== senderCustomerId;
}

/**
 * Where a refused quote's error belongs: its field errors on their fields, else by code on the field it concerns,
 * else on the form as a whole.
 */
export function quoteErrorPlacement(
  error: ApiError,
  destinationKind: SendMoneyValues["destinationKind"],
  senderCustomerId?: string,
): { path: string; message: string }[] {
  // The fields of the other kind of destination are not on screen; their errors belong to the one that is.
  const visible = (path: string) => {
    if (destinationKind !== "uma" && (path === "receivingCurrency" || path === "umaAddress")) {
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
    // The customer it names: the sender's, or else the receiver's (who could never send the money on).
    USER_NOT_READY: notReadyIsReceiver(error, senderCustomerId) ? "destinationAccountId" : "sourceAccountId",
    CUSTOMER_DELETED: "destinationAccountId",
    UMA_NOT_FOUND: "umaAddress",
    INVALID_UMA_ADDRESS: "umaAddress",
    LOOKUP_REQUEST_NOT_FOUND: "umaAddress",
  };
  const path = byCode[error.code];
  return [{ path: path ? visible(path) : "root", message: error.message }];
}
