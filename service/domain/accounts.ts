import { currencyInfo } from "../../shared/contract";
import type { internalAccounts } from "../db/schema";
import { internalAccounts as internalAccountsTable } from "../db/schema";
import { newId, newReference } from "./ids";
import type { Transaction } from "./ledger";

export type InternalAccountRow = typeof internalAccounts.$inferSelect;

/**
 * The sandbox bank's receiving accounts, one per rail. Money sent to them is matched to an internal account by
 * the reference the payer puts in the memo, as with a real omnibus (FBO) account.
 */
const RECEIVING_ACCOUNTS: Record<string, Record<string, string>> = {
  USD: {
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    routingNumber: "021000021",
    // The reference requires it on US account information (api-notes §8).
    accountCategory: "CHECKING",
    bankName: "Sandbox Bank N.A.",
  },
  MXN: { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "Banco Sandbox" },
  EUR: {
    accountType: "IBAN",
    iban: "DE89370400440532013000",
    swiftBic: "COBADEFFXXX",
    bankName: "Sandbox Bank AG",
  },
  GBP: {
    accountType: "IBAN",
    iban: "GB82WEST12345698765432",
    swiftBic: "WESTGB2LXXX",
    bankName: "Sandbox Bank UK",
  },
  BRL: { accountType: "PIX", pixKey: "pagamentos@sandbox-bank.example", pixKeyType: "EMAIL" },
  INR: { accountType: "UPI", vpa: "payments@sandboxbank" },
};

/** The sandbox bank's receiving account for a currency: where funding from outside is sent. */
export function receivingBankAccount(currencyCode: string): Record<string, string> {
  return RECEIVING_ACCOUNTS[currencyCode] ?? { accountType: "FBO", currencyCode };
}

function fundingPaymentInstructions(account: InternalAccountRow) {
  const receiving = receivingBankAccount(account.currencyCode);
  return [
    {
      accountOrWalletInfo: { ...receiving, reference: account.reference },
      instructionsNotes: `Send ${account.currencyCode} to this account with the reference ${account.reference} as the memo; funds without it cannot be matched.`,
      isPlatformAccount: account.customerId === null,
    },
  ];
}

export function presentInternalAccount(account: InternalAccountRow) {
  const currency = currencyInfo(account.currencyCode) ?? {
    code: account.currencyCode,
    name: account.currencyCode,
    symbol: account.currencyCode,
    decimals: 2,
  };
  return {
    id: account.id,
    ...(account.customerId ? { customerId: account.customerId } : {}),
    balance: { amount: account.balance, currency },
    fundingPaymentInstructions: fundingPaymentInstructions(account),
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/**
 * Prefunded model: one internal account per currency for the owner (a customer, or the platform when
 * customerId is null). Existing accounts are kept, so calling it again after a currency is added fills the gap.
 */
export async function ensureInternalAccounts(
  tx: Transaction,
  owner: { customerId: string | null },
  currencyCodes: string[],
  now: Date,
): Promise<void> {
  if (currencyCodes.length === 0) return;
  await tx
    .insert(internalAccountsTable)
    .values(
      currencyCodes.map((currencyCode) => ({
        id: newId("InternalAccount"),
        customerId: owner.customerId,
        currencyCode,
        balance: 0,
        reference: newReference(owner.customerId ? "CUS" : "PLT"),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}
