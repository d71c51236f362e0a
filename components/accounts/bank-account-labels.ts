import type { BankAccountInfo, BankAccountType } from "@/shared/contract";

export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  US_ACCOUNT: "US bank account",
  CLABE: "CLABE (Mexico)",
  IBAN: "IBAN",
  PIX: "PIX (Brazil)",
  UPI: "UPI (India)",
  FBO: "FBO (omnibus)",
};

/** Keeps the last four characters of an account number visible, as bank statements do. */
function maskTail(value: string): string {
  return value.length <= 4 ? value : `•••• ${value.slice(-4)}`;
}

/** One line naming the account: "Chase · US bank account •••• 6789". */
export function bankAccountTitle(info: BankAccountInfo): string {
  const bank = "bankName" in info && typeof info.bankName === "string" ? info.bankName : undefined;
  let identifier: string;
  switch (info.accountType) {
    case "US_ACCOUNT":
      identifier = `US account ${maskTail(info.accountNumber)}`;
      break;
    case "CLABE":
      identifier = `CLABE ${maskTail(info.clabeNumber)}`;
      break;
    case "IBAN":
      identifier = `IBAN ${maskTail(info.iban)}`;
      break;
    case "PIX":
      identifier = `PIX ${info.pixKeyType.toLowerCase()} ${info.pixKey}`;
      break;
    case "UPI":
      identifier = `UPI ${info.vpa}`;
      break;
    case "FBO":
      identifier = `FBO ${info.currencyCode}`;
      break;
  }
  return bank ? `${bank} · ${identifier}` : identifier;
}

/** Every identifying field of an account or funding instruction, labelled, for a details list. */
export function accountDetails(
  info: Record<string, unknown>,
): { label: string; value: string; mono: boolean }[] {
  const fields: [string, string, boolean][] = [
    ["bankName", "Bank", false],
    ["accountNumber", "Account number", true],
    ["routingNumber", "Routing number", true],
    ["accountCategory", "Category", false],
    ["clabeNumber", "CLABE", true],
    ["iban", "IBAN", true],
    ["swiftBic", "SWIFT/BIC", true],
    ["pixKey", "PIX key", true],
    ["pixKeyType", "PIX key type", false],
    ["vpa", "UPI address", true],
    ["currencyCode", "Currency", false],
    ["address", "Address", true],
    ["platformAccountId", "Platform account id", true],
  ];
  return fields.flatMap(([key, label, mono]) => {
    const value = info[key];
    return typeof value === "string" && value !== "" ? [{ label, value, mono }] : [];
  });
}
