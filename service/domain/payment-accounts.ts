import { and, eq } from "drizzle-orm";
import { type CurrencyInfo, currencyInfo } from "../../shared/contract";
import { kycLetsMoneyMove } from "../../shared/contract/customer-requirements";
import type { ServiceDatabase } from "../db/client";
import { customers, externalAccounts, internalAccounts, type StoredSupportedCurrency } from "../db/schema";
import { ApiError } from "../errors";
import type { PlatformConfigRow } from "./config";
import type { Transaction } from "./ledger";

export type CustomerRow = typeof customers.$inferSelect;
export type ExternalAccountRow = typeof externalAccounts.$inferSelect;
export type InternalAccountRow = typeof internalAccounts.$inferSelect;

/** A database handle or an open transaction. */
export type Reader = Pick<ServiceDatabase, "select"> | Pick<Transaction, "select">;

export function currencyObject(code: string): CurrencyInfo {
  return currencyInfo(code) ?? { code, name: code, symbol: code, decimals: 2 };
}

/**
 * An amount of minor units as a person reads money in a message: `15000` USD → `$150.00`, `123456` EUR → `€1,234.56`,
 * a currency whose symbol is its code → `CHF 12.50`. Digits placed in the string, never through a float.
 */
export function moneyText(amount: number, currencyCode: string): string {
  const { symbol, decimals } = currencyObject(currencyCode);
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(decimals + 1, "0");
  const whole = decimals > 0 ? digits.slice(0, -decimals) : digits;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const number = decimals > 0 ? `${grouped}.${digits.slice(-decimals)}` : grouped;
  const prefix = /^[A-Z]{3}$/.test(symbol) ? `${symbol} ` : symbol;
  return `${negative ? "-" : ""}${prefix}${number}`;
}

export function amountObject(amount: number, currencyCode: string) {
  return { amount, currency: currencyObject(currencyCode) };
}

async function findInternalAccount(db: Reader, id: string): Promise<InternalAccountRow | undefined> {
  const [row] = await db.select().from(internalAccounts).where(eq(internalAccounts.id, id));
  return row;
}

export async function requireInternalAccount(db: Reader, id: string): Promise<InternalAccountRow> {
  const row = await findInternalAccount(db, id);
  if (!row) throw new ApiError(404, "ACCOUNT_NOT_FOUND", `Internal account ${id} was not found.`);
  return row;
}

export async function requireExternalAccount(db: Reader, id: string): Promise<ExternalAccountRow> {
  const [row] = await db.select().from(externalAccounts).where(eq(externalAccounts.id, id));
  if (!row) throw new ApiError(404, "ACCOUNT_NOT_FOUND", `External account ${id} was not found.`);
  if (row.status === "INACTIVE") {
    throw new ApiError(400, "INVALID_BANK_ACCOUNT", `External account ${id} is inactive.`);
  }
  return row;
}

export async function findLiveCustomer(db: Reader, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.isDeleted, false)));
  return row;
}

/**
 * The customer owning internal account `accountId`, when that customer is deleted: money must not reach an account
 * nobody can spend from. Locks the customer's row against a deletion until the caller's transaction ends, so a
 * payment checked here and a deletion never cross.
 */
export async function deletedOwnerOf(tx: Transaction, accountId: string): Promise<string | undefined> {
  if (!accountId.startsWith("InternalAccount:")) return undefined;
  const [row] = await tx
    .select({ id: customers.id, isDeleted: customers.isDeleted })
    .from(internalAccounts)
    .innerJoin(customers, eq(customers.id, internalAccounts.customerId))
    .where(eq(internalAccounts.id, accountId))
    .for("share", { of: customers });
  return row?.isDeleted ? row.id : undefined;
}

/**
 * The checks before money is put into internal account `accountId` from outside (sandbox funding): its owner, if it
 * has one, is not deleted (410 CUSTOMER_DELETED) and can move money (403 USER_NOT_READY), since nothing could take
 * the money out again otherwise. Holds the owner's row as deletedOwnerOf does.
 */
export async function requireReceivingOwner(tx: Transaction, accountId: string): Promise<void> {
  const [row] = await tx
    .select({ customer: customers })
    .from(internalAccounts)
    .innerJoin(customers, eq(customers.id, internalAccounts.customerId))
    .where(eq(internalAccounts.id, accountId))
    .for("share", { of: customers });
  if (!row) return;
  if (row.customer.isDeleted) {
    throw new ApiError(
      410,
      "CUSTOMER_DELETED",
      `Customer ${row.customer.id}, the account's owner, is deleted.`,
    );
  }
  requireReady(row.customer);
}

export async function findLiveCustomerByUma(
  db: Reader,
  umaAddress: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.umaAddress, umaAddress.toLowerCase()), eq(customers.isDeleted, false)));
  return row;
}

export async function requireLiveCustomer(db: Reader, id: string): Promise<CustomerRow> {
  const row = await findLiveCustomer(db, id);
  if (!row) throw new ApiError(404, "USER_NOT_FOUND", `No customer has the id ${id}.`);
  return row;
}

/** Money moves only for customers whose KYC ended in approval. */
export function requireReady(customer: CustomerRow): void {
  if (!kycLetsMoneyMove(customer.kycStatus)) {
    throw new ApiError(
      403,
      "USER_NOT_READY",
      `Customer ${customer.id} cannot move money while its KYC status is ${customer.kycStatus}.`,
      { customerId: customer.id, kycStatus: customer.kycStatus },
    );
  }
}

/** The owner of an account as the API shows it on transactions: both ids, or none for the platform. */
export async function ownerOf(db: Reader, customerId: string | null) {
  if (!customerId) return { customer: undefined, customerId: null, platformCustomerId: null };
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  return {
    customer,
    customerId,
    platformCustomerId: customer?.platformCustomerId ?? null,
  };
}

export function supportedCurrency(
  config: PlatformConfigRow,
  code: string,
): StoredSupportedCurrency | undefined {
  return config.supportedCurrencies.find((entry) => entry.currencyCode === code);
}

export function requireSupportedCurrency(config: PlatformConfigRow, code: string): StoredSupportedCurrency {
  const entry = supportedCurrency(config, code);
  if (!entry) {
    throw new ApiError(400, "INVALID_CURRENCY", `${code} is not a currency this platform supports.`, {
      supportedCurrencies: config.supportedCurrencies.map((c) => c.currencyCode),
    });
  }
  return entry;
}

/**
 * Refuses a payment in a direction its currency is not enabled for (api-notes §8, enabledTransactionTypes):
 * OUTGOING for what the platform sends, INCOMING for what it receives.
 */
export function requireDirection(entry: StoredSupportedCurrency, type: "INCOMING" | "OUTGOING"): void {
  const enabled = entry.enabledTransactionTypes ?? ["INCOMING", "OUTGOING"];
  if (enabled.includes(type)) return;
  const what = type === "OUTGOING" ? "send" : "receive";
  throw new ApiError(
    400,
    "INVALID_CURRENCY",
    `The platform does not ${what} payments in ${entry.currencyCode}: its ${type} direction is not enabled.`,
    { currency: entry.currencyCode, enabledTransactionTypes: enabled },
  );
}

/** An amount in minor units as the currency writes it, `1234` USD → `12.34 USD`. */
export function formatMinor(amount: number, currencyCode: string): string {
  const decimals = currencyObject(currencyCode).decimals;
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(decimals + 1, "0");
  const whole = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return `${negative ? "-" : ""}${whole} ${currencyCode}`;
}

export function requireWithinBounds(
  amount: number,
  currencyCode: string,
  bounds: { min: number; max: number },
  what = "amount",
): void {
  if (amount < bounds.min || amount > bounds.max) {
    throw new ApiError(
      400,
      "AMOUNT_OUT_OF_RANGE",
      // Said in the currency's units, as a person reads it; the details keep the smallest units the API counts in.
      `The ${what} ${formatMinor(amount, currencyCode)} is outside the platform's bounds for ${currencyCode}, ${formatMinor(bounds.min, currencyCode)} to ${formatMinor(bounds.max, currencyCode)}.`,
      { amount, currency: currencyCode, min: bounds.min, max: bounds.max },
    );
  }
}

/**
 * The identifier whose last three digits (or the user part of a PIX/UPI key) drive the sandbox's outcome of a
 * transfer with this account.
 */
export function externalAccountIdentifier(accountInfo: Record<string, unknown>): string {
  for (const field of ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa"]) {
    const value = accountInfo[field];
    if (typeof value === "string" && value.length > 0) return value;
  }
  return "";
}

/** The owner's external account must belong to the same owner as the internal account it pairs with. */
export function requireSameOwner(internal: InternalAccountRow, external: ExternalAccountRow): void {
  if ((internal.customerId ?? null) !== (external.customerId ?? null)) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "Transfers move money between accounts of one owner; these accounts belong to different owners.",
      {
        fields: [{ path: "destination.accountId", message: "Belongs to a different owner than the source" }],
      },
    );
  }
  if (internal.currencyCode !== external.currencyCode) {
    throw new ApiError(
      400,
      "INVALID_CURRENCY",
      `The internal account holds ${internal.currencyCode} but the external account holds ${external.currencyCode}.`,
    );
  }
}
