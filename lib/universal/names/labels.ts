import type { Customer, ExternalAccount, InternalAccount } from "../../../shared/contract";

/** What the console knows about an id it names: who or what it is, in words. */
export type NamedRecord =
  | { kind: "customer"; name: string; customerId: string; platformCustomerId: string; deleted: boolean }
  | { kind: "platform-account"; name: string }
  | { kind: "customer-account"; name: string; customerId: string; customerName?: string | undefined }
  | {
      kind: "bank-account";
      name: string;
      customerId?: string | undefined;
      customerName?: string | undefined;
    };

/** Whether the record is a customer deleted since (a payment or an account still names them). */
export const isDeletedCustomer = (named: NamedRecord | undefined): boolean =>
  named?.kind === "customer" && named.deleted;

/** GET /api/names: each id the console could name; ids it could not are absent. */
export type Names = { names: Record<string, NamedRecord> };

/** The customer's own name (legal name for a business), else the platform's own id for them. */
export function customerName(customer: Customer): string {
  const name = customer.customerType === "INDIVIDUAL" ? customer.fullName : customer.businessInfo?.legalName;
  return name?.trim() ? name.trim() : customer.platformCustomerId;
}

/** "Platform USD account", "Ada Lovelace's MXN account". */
export function internalAccountName(account: InternalAccount, ownerName?: string): string {
  const currency = account.balance.currency.code;
  return ownerName ? `${ownerName}'s ${currency} account` : `Platform ${currency} account`;
}

const NUMBER_FIELDS = ["accountNumber", "clabeNumber", "iban", "pixKey", "vpa"] as const;

/** The last four characters of the account's number, the way a bank statement shows it. */
function lastDigits(info: Record<string, unknown>): string | undefined {
  for (const field of NUMBER_FIELDS) {
    const value = info[field];
    if (typeof value === "string" && value.length >= 4) return `••${value.slice(-4)}`;
  }
  return undefined;
}

/** Who holds a bank account, as its details name them (the beneficiary), if they do. */
export function bankAccountHolder(account: ExternalAccount): string | undefined {
  return beneficiaryName(account.accountInfo as Record<string, unknown>);
}

function beneficiaryName(info: Record<string, unknown>): string | undefined {
  const beneficiary = info.beneficiary as { fullName?: unknown; legalName?: unknown } | undefined;
  const name = beneficiary?.fullName ?? beneficiary?.legalName;
  return typeof name === "string" && name.trim() ? name.trim() : undefined;
}

/** "Ada Lovelace · Banco Azteca ••7890": who holds it (or its owner), the bank, the number's end. */
export function bankAccountName(account: ExternalAccount, ownerName?: string): string {
  const info = account.accountInfo as Record<string, unknown>;
  const holder = beneficiaryName(info) ?? ownerName ?? (account.customerId ? undefined : "Platform");
  const bank = typeof info.bankName === "string" && info.bankName.trim() ? info.bankName.trim() : undefined;
  const bankPart = [bank ?? `${account.currency} bank account`, lastDigits(info)].filter(Boolean).join(" ");
  return holder ? `${holder} · ${bankPart}` : bankPart;
}
