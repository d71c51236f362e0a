import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import {
  type BankAccountInfoInput,
  type CreateCustomerExternalAccountBody,
  type CreatePlatformExternalAccountBody,
  type ListCustomerExternalAccountsQuery,
  type ListPlatformExternalAccountsQuery,
  normalizeIban,
  RAIL_CURRENCY,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { customers, externalAccounts } from "../db/schema";
import { ApiError } from "../errors";
import { getOrCreateConfig } from "./config";
import { requireCustomerInfoFor } from "./customer-requirements";
import { fieldError } from "./customer-validation";
import { newId } from "./ids";
import type { Transaction } from "./ledger";
import { afterCursor, countUpTo, decodeCursor, orderByKeyset, toPage } from "./pagination";

export type ExternalAccountRow = typeof externalAccounts.$inferSelect;
export type NewExternalAccountRow = typeof externalAccounts.$inferInsert;

function currencyIssue(info: BankAccountInfoInput, currency: string): string | null {
  if (info.accountType === "FBO") {
    return info.currencyCode === currency ? null : `This FBO account is for ${info.currencyCode}`;
  }
  const railCurrency = RAIL_CURRENCY[info.accountType];
  if (railCurrency !== undefined && railCurrency !== currency) {
    return `A ${info.accountType} account holds ${railCurrency}, not ${currency}`;
  }
  if (info.currency !== undefined && info.currency !== currency) {
    return `The account information says ${info.currency}, not ${currency}`;
  }
  return null;
}

/**
 * The identity of a bank account regardless of how it was written, so one owner cannot hold the same account
 * twice: the account type plus its normalised identifying number.
 */
function bankAccountFingerprint(info: BankAccountInfoInput): string {
  switch (info.accountType) {
    case "FBO":
      return `FBO:${info.currencyCode}`;
    case "CLABE":
      return `CLABE:${info.clabeNumber}`;
    case "US_ACCOUNT":
      return `US_ACCOUNT:${info.routingNumber}:${info.accountNumber}`;
    case "PIX":
      return `PIX:${info.pixKeyType}:${info.pixKeyType === "EMAIL" ? info.pixKey.toLowerCase() : info.pixKey}`;
    case "UPI":
      return `UPI:${info.vpa.toLowerCase()}`;
    case "IBAN":
      return `IBAN:${normalizeIban(info.iban)}`;
  }
}

export function newExternalAccountValues(input: {
  customerId: string | null;
  currency: string;
  platformAccountId?: string | undefined;
  accountInfo: BankAccountInfoInput;
  now: Date;
}): NewExternalAccountRow {
  return {
    id: newId("ExternalAccount"),
    customerId: input.customerId,
    currencyCode: input.currency,
    status: "ACTIVE",
    platformAccountId: input.platformAccountId ?? input.accountInfo.platformAccountId ?? null,
    accountInfo: input.accountInfo,
    fingerprint: bankAccountFingerprint(input.accountInfo),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export function presentExternalAccount(row: ExternalAccountRow) {
  return {
    id: row.id,
    ...(row.customerId ? { customerId: row.customerId } : {}),
    status: row.status,
    ...(row.platformAccountId ? { platformAccountId: row.platformAccountId } : {}),
    currency: row.currencyCode,
    accountInfo: row.accountInfo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Adds accounts, skipping any the owner already holds (a customer's bankAccountInfo given again). */
export async function insertExternalAccountsIfAbsent(tx: Transaction, rows: NewExternalAccountRow[]) {
  if (rows.length === 0) return;
  await tx.insert(externalAccounts).values(rows).onConflictDoNothing();
}

async function insertOrConflict(context: ServiceContext, values: NewExternalAccountRow) {
  const [row] = await context.db.insert(externalAccounts).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await context.db
    .select({ id: externalAccounts.id })
    .from(externalAccounts)
    .where(
      and(
        sql`coalesce(${externalAccounts.customerId}, '') = ${values.customerId ?? ""}`,
        eq(externalAccounts.fingerprint, values.fingerprint),
      ),
    );
  throw new ApiError(
    409,
    "EXTERNAL_ACCOUNT_EXISTS",
    "This bank account is already registered for this owner.",
    existing ? { accountId: existing.id } : undefined,
  );
}

function checkCurrency(info: BankAccountInfoInput, currency: string) {
  const issue = currencyIssue(info, currency);
  if (issue !== null) {
    throw fieldError(400, "INVALID_BANK_ACCOUNT", `Invalid request: currency: ${issue}`, [
      { path: "currency", message: issue },
    ]);
  }
}

export async function createCustomerExternalAccount(
  context: ServiceContext,
  body: CreateCustomerExternalAccountBody,
) {
  checkCurrency(body.accountInfo, body.currency);
  const [owner] = await context.db.select().from(customers).where(eq(customers.id, body.customerId));
  if (!owner) throw new ApiError(404, "USER_NOT_FOUND", `Customer ${body.customerId} was not found.`);
  if (owner.isDeleted) {
    throw new ApiError(410, "CUSTOMER_DELETED", `Customer ${body.customerId} is deleted.`);
  }
  // A bank account in a currency is where the customer is to transact in it: its required fields apply.
  requireCustomerInfoFor(await getOrCreateConfig(context), owner, [body.currency]);
  // A customer deleted between the check and the insert keeps the account; deletion is a flag, not a removal.
  return insertOrConflict(
    context,
    newExternalAccountValues({
      customerId: body.customerId,
      currency: body.currency,
      platformAccountId: body.platformAccountId,
      accountInfo: body.accountInfo,
      now: context.clock.now(),
    }),
  );
}

export async function createPlatformExternalAccount(
  context: ServiceContext,
  body: CreatePlatformExternalAccountBody,
) {
  checkCurrency(body.accountInfo, body.currency);
  return insertOrConflict(
    context,
    newExternalAccountValues({
      customerId: null,
      currency: body.currency,
      platformAccountId: body.platformAccountId,
      accountInfo: body.accountInfo,
      now: context.clock.now(),
    }),
  );
}

async function listExternalAccounts(
  context: ServiceContext,
  filters: (SQL | undefined)[],
  query: { limit: number; cursor?: string | undefined },
) {
  const cursor = decodeCursor(query.cursor, "ExternalAccount:");
  const where = and(...filters);
  const [rows, counted] = await Promise.all([
    context.db
      .select()
      .from(externalAccounts)
      .where(and(where, afterCursor(externalAccounts.createdAt, externalAccounts.id, cursor)))
      .orderBy(...orderByKeyset(externalAccounts.createdAt, externalAccounts.id))
      .limit(query.limit + 1),
    countUpTo(
      context.db,
      externalAccounts,
      where,
      orderByKeyset(externalAccounts.createdAt, externalAccounts.id),
    ),
  ]);
  return toPage(rows, query.limit, presentExternalAccount, counted);
}

export function listCustomerExternalAccounts(
  context: ServiceContext,
  query: ListCustomerExternalAccountsQuery,
) {
  return listExternalAccounts(
    context,
    [
      query.customerId === undefined
        ? isNotNull(externalAccounts.customerId)
        : eq(externalAccounts.customerId, query.customerId),
      query.currency === undefined ? undefined : eq(externalAccounts.currencyCode, query.currency),
    ],
    query,
  );
}

/** The most platform accounts one answer lists; a platform holds a handful (one or two per currency). */
const PLATFORM_ACCOUNTS_LIMIT = 1_000;

/** GET /platform/external-accounts: the reference answers the whole list, `{accounts}`, not a page. */
export async function listPlatformExternalAccounts(
  context: ServiceContext,
  query: ListPlatformExternalAccountsQuery,
) {
  const rows = await context.db
    .select()
    .from(externalAccounts)
    .where(
      and(
        isNull(externalAccounts.customerId),
        query.currency === undefined ? undefined : eq(externalAccounts.currencyCode, query.currency),
      ),
    )
    .orderBy(...orderByKeyset(externalAccounts.createdAt, externalAccounts.id))
    .limit(PLATFORM_ACCOUNTS_LIMIT);
  return { accounts: rows.map(presentExternalAccount) };
}
