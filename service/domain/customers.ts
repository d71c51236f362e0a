import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, lte, type SQL } from "drizzle-orm";
import {
  type CreateCustomerBody,
  type CurrencyRequirement,
  type KycStatus,
  type ListCustomersQuery,
  naturalCurrency,
  type UpdateCustomerBody,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import type { ServiceDatabase } from "../db/client";
import { customers, internalAccounts, transactions } from "../db/schema";
import { ApiError } from "../errors";
import { getOrCreateConfig, type PlatformConfigRow } from "./config";
import { requireInfoForCurrencies } from "./customer-requirements";
import { fieldError, hasNul, isUniqueViolation } from "./customer-validation";
import {
  insertExternalAccountsIfAbsent,
  type NewExternalAccountRow,
  newExternalAccountValues,
} from "./external-accounts";
import { newId, newReference } from "./ids";
import type { Transaction } from "./ledger";
import { afterCursor, countUpTo, countUpToQuery, decodeCursor, orderByKeyset, toPage } from "./pagination";
import { moneyText } from "./payment-accounts";

export type CustomerRow = typeof customers.$inferSelect;
type NewCustomerRow = typeof customers.$inferInsert;
type Executor = ServiceDatabase | Transaction;

const UMA_UNIQUE_INDEX = "customers_uma_address_key";
/** Keeps one multi-row INSERT under PostgreSQL's 65,535 bind parameters (7 per internal account). */
const ACCOUNT_ROWS_PER_STATEMENT = 5_000;

export function presentCustomer(row: CustomerRow) {
  const shared = {
    id: row.id,
    platformCustomerId: row.platformCustomerId,
    customerType: row.customerType,
    umaAddress: row.umaAddress,
    kycStatus: row.kycStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isDeleted: row.isDeleted,
    ...(row.address ? { address: row.address } : {}),
  };
  if (row.customerType === "BUSINESS") {
    return {
      ...shared,
      ...(row.businessInfo ? { businessInfo: row.businessInfo } : {}),
      ...(row.beneficialOwners ? { beneficialOwners: row.beneficialOwners } : {}),
    };
  }
  return {
    ...shared,
    ...(row.fullName !== null ? { fullName: row.fullName } : {}),
    ...(row.birthDate !== null ? { birthDate: row.birthDate } : {}),
    ...(row.nationality !== null ? { nationality: row.nationality } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rules

/** What the platform's configuration demands of customers. */
export interface CustomerRules {
  umaDomain: string;
  currencyCodes: string[];
  /** The supported currencies with the fields each demands of a customer who transacts in it. */
  currencies: CurrencyRequirement[];
}

function customerRules(config: PlatformConfigRow): CustomerRules {
  return {
    umaDomain: config.umaDomain,
    currencyCodes: config.supportedCurrencies.map((currency) => currency.currencyCode),
    currencies: config.supportedCurrencies,
  };
}

export async function loadCustomerRules(context: ServiceContext): Promise<CustomerRules> {
  return customerRules(await getOrCreateConfig(context));
}

function checkUmaDomain(rules: CustomerRules, umaAddress: string) {
  const domain = umaAddress.slice(umaAddress.indexOf("@") + 1);
  if (domain === rules.umaDomain) return;
  const message = `The domain must be the platform's UMA domain, ${rules.umaDomain}`;
  throw fieldError(400, "INVALID_UMA_ADDRESS", `Invalid request: umaAddress: ${message}`, [
    { path: "umaAddress", message },
  ]);
}

/** `$<platform id as a username>-<random>@<domain>`: recognisable to people, unique in practice. */
function generatedUmaAddress(platformCustomerId: string, umaDomain: string): string {
  const slug =
    platformCustomerId
      .toLowerCase()
      .replace(/[^a-z0-9._+-]+/g, "-")
      .replace(/^[-._+]+|[-._+]+$/g, "")
      .slice(0, 40) || "customer";
  return `$${slug}-${randomBytes(5).toString("hex")}@${umaDomain}`;
}

const umaAddressExists = (umaAddress: string) =>
  new ApiError(409, "UMA_ADDRESS_EXISTS", `The UMA address ${umaAddress} belongs to another customer.`, {
    fields: [{ path: "umaAddress", message: "Already in use" }],
  });

// ---------------------------------------------------------------------------------------------------------
// Creation (POST /customers, the hosted KYC page and the bulk import share it)

export interface PreparedCustomer {
  row: NewCustomerRow & { id: string; umaAddress: string };
  externalAccount: NewExternalAccountRow | null;
}

/**
 * Applies every rule that needs no database to a validated create body: the UMA domain, the currencies'
 * required fields, the generated UMA address. Throws the API's error for the first rule broken.
 */
export function prepareNewCustomer(
  rules: CustomerRules,
  body: CreateCustomerBody,
  options: { kycStatus: KycStatus; now: Date; skipRequiredFields?: boolean },
): PreparedCustomer {
  if (body.umaAddress !== undefined) checkUmaDomain(rules, body.umaAddress);
  if (!options.skipRequiredFields && body.bankAccountInfo) {
    requireInfoForCurrencies(rules.currencies, body, [naturalCurrency(body.bankAccountInfo)]);
  }
  const id = newId("Customer");
  const personal =
    body.customerType === "INDIVIDUAL"
      ? {
          fullName: body.fullName ?? null,
          birthDate: body.birthDate ?? null,
          nationality: body.nationality ?? null,
          businessInfo: null,
          beneficialOwners: null,
        }
      : {
          fullName: null,
          birthDate: null,
          nationality: null,
          businessInfo: body.businessInfo ?? null,
          beneficialOwners: body.beneficialOwners ?? null,
        };
  return {
    row: {
      id,
      platformCustomerId: body.platformCustomerId,
      customerType: body.customerType,
      umaAddress: body.umaAddress ?? generatedUmaAddress(body.platformCustomerId, rules.umaDomain),
      kycStatus: options.kycStatus,
      ...personal,
      address: body.address ?? null,
      bankAccountInfo: body.bankAccountInfo ?? null,
      isDeleted: false,
      createdAt: options.now,
      updatedAt: options.now,
    },
    externalAccount: body.bankAccountInfo
      ? newExternalAccountValues({
          customerId: id,
          currency: naturalCurrency(body.bankAccountInfo),
          accountInfo: body.bankAccountInfo,
          now: options.now,
        })
      : null,
  };
}

/**
 * Inserts prepared customers with their internal accounts (one per supported currency) and their bank account,
 * in the caller's transaction. A customer whose UMA address is live already is skipped, not inserted: the
 * partial unique index decides, so concurrent creators of one address cannot both win.
 */
export async function insertPreparedCustomers(
  tx: Transaction,
  prepared: PreparedCustomer[],
  currencyCodes: string[],
  now: Date,
): Promise<{ inserted: CustomerRow[]; umaTaken: PreparedCustomer[] }> {
  if (prepared.length === 0) return { inserted: [], umaTaken: [] };
  const rows = await tx
    .insert(customers)
    .values(prepared.map((p) => p.row))
    .onConflictDoNothing()
    .returning();
  const insertedIds = new Set(rows.map((row) => row.id));
  const accounts = rows.flatMap((row) =>
    currencyCodes.map((currencyCode) => ({
      id: newId("InternalAccount"),
      customerId: row.id,
      currencyCode,
      balance: 0,
      reference: newReference("CUS"),
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (let start = 0; start < accounts.length; start += ACCOUNT_ROWS_PER_STATEMENT) {
    await tx
      .insert(internalAccounts)
      .values(accounts.slice(start, start + ACCOUNT_ROWS_PER_STATEMENT))
      .onConflictDoNothing();
  }
  await insertExternalAccountsIfAbsent(
    tx,
    prepared.flatMap((p) => (p.externalAccount && insertedIds.has(p.row.id) ? [p.externalAccount] : [])),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    inserted: prepared.flatMap((p) => {
      const row = byId.get(p.row.id);
      return row ? [row] : [];
    }),
    umaTaken: prepared.filter((p) => !insertedIds.has(p.row.id)),
  };
}

/** Inserts one prepared customer; a live customer holding its UMA address already is 409 UMA_ADDRESS_EXISTS. */
export async function insertPreparedCustomer(
  tx: Transaction,
  prepared: PreparedCustomer,
  currencyCodes: string[],
  now: Date,
): Promise<CustomerRow> {
  const { inserted } = await insertPreparedCustomers(tx, [prepared], currencyCodes, now);
  const row = inserted[0];
  if (!row) throw umaAddressExists(prepared.row.umaAddress);
  return row;
}

/**
 * POST /customers. Only a regulated platform creates customers directly: an unregulated platform's customers are
 * created by the service when hosted KYC completes (spec, "Two kinds of platform"), so it is refused here with
 * 403 FORBIDDEN rather than creating a customer whose KYC nobody performed.
 */
export async function createCustomer(
  context: ServiceContext,
  body: CreateCustomerBody,
): Promise<CustomerRow> {
  assertRegulated(context);
  const rules = await loadCustomerRules(context);
  const now = context.clock.now();
  const prepared = prepareNewCustomer(rules, body, { kycStatus: "APPROVED", now });
  return context.db.transaction((tx) => insertPreparedCustomer(tx, prepared, rules.currencyCodes, now));
}

export function assertRegulated(context: ServiceContext) {
  if (context.config.regulated) return;
  throw new ApiError(
    403,
    "FORBIDDEN",
    "This platform is not a regulated institution: customers are onboarded through the hosted KYC link (GET /customers/kyc-link), not created directly.",
  );
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/**
 * A customer by service id, or by platformCustomerId when exactly one live customer has it. Several customers may
 * share one platformCustomerId (spec rule 3): then the lookup is ambiguous and refused with 400, listing them all,
 * never answered with one of them silently.
 */
export async function findCustomer(executor: Executor, reference: string): Promise<CustomerRow | undefined> {
  if (hasNul(reference)) return undefined;
  if (reference.startsWith("Customer:")) {
    const [byId] = await executor.select().from(customers).where(eq(customers.id, reference));
    if (byId) return byId;
  }
  const byPlatformId = await executor
    .select()
    .from(customers)
    .where(and(eq(customers.platformCustomerId, reference), eq(customers.isDeleted, false)))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(AMBIGUOUS_LIST_LIMIT + 1);
  if (byPlatformId.length > 1) {
    const ids = byPlatformId.slice(0, AMBIGUOUS_LIST_LIMIT).map((row) => row.id);
    throw new ApiError(
      400,
      "INVALID_INPUT",
      `${byPlatformId.length > AMBIGUOUS_LIST_LIMIT ? `More than ${AMBIGUOUS_LIST_LIMIT}` : byPlatformId.length} customers have the platformCustomerId ${reference}; name one by its id.`,
      {
        fields: [{ path: "customerId", message: "Several customers have this platformCustomerId" }],
        customerIds: ids,
      },
    );
  }
  return byPlatformId[0];
}

/** How many customers an ambiguous platformCustomerId lookup lists. */
const AMBIGUOUS_LIST_LIMIT = 100;

const customerNotFound = (reference: string) =>
  new ApiError(404, "USER_NOT_FOUND", `No customer matches ${reference}.`);

export async function getCustomer(context: ServiceContext, reference: string): Promise<CustomerRow> {
  const row = await findCustomer(context.db, reference);
  if (!row) throw customerNotFound(reference);
  return row;
}

/** What a customer list matches: its filters, and live customers only unless deleted ones are asked for. */
function customerListWhere(query: ListCustomersQuery): SQL | undefined {
  return and(
    query.platformCustomerId === undefined
      ? undefined
      : eq(customers.platformCustomerId, query.platformCustomerId),
    query.customerType === undefined ? undefined : eq(customers.customerType, query.customerType),
    query.createdAfter === undefined ? undefined : gte(customers.createdAt, new Date(query.createdAfter)),
    query.createdBefore === undefined ? undefined : lte(customers.createdAt, new Date(query.createdBefore)),
    query.updatedAfter === undefined ? undefined : gte(customers.updatedAt, new Date(query.updatedAfter)),
    query.updatedBefore === undefined ? undefined : lte(customers.updatedAt, new Date(query.updatedBefore)),
    query.umaAddress === undefined ? undefined : eq(customers.umaAddress, query.umaAddress),
    query.isIncludingDeleted ? undefined : eq(customers.isDeleted, false),
  );
}

const CUSTOMER_ORDER = orderByKeyset(customers.createdAt, customers.id);

export async function listCustomers(context: ServiceContext, query: ListCustomersQuery) {
  const cursor = decodeCursor(query.cursor, "Customer:");
  const where = customerListWhere(query);
  const [rows, counted] = await Promise.all([
    context.db
      .select()
      .from(customers)
      .where(and(where, afterCursor(customers.createdAt, customers.id, cursor)))
      .orderBy(...CUSTOMER_ORDER)
      .limit(query.limit + 1),
    countUpTo(context.db, customers, where, CUSTOMER_ORDER),
  ]);
  return toPage(rows, query.limit, presentCustomer, counted);
}

/** The count a customer list makes, unrun (service/domain/customer-list-plan.test.ts reads its plan). */
export const customerListCountQuery = (context: ServiceContext, query: ListCustomersQuery) =>
  countUpToQuery(context.db, customers, customerListWhere(query), CUSTOMER_ORDER);

// ---------------------------------------------------------------------------------------------------------
// Changing

const PERSONAL_FIELDS = [
  "fullName",
  "birthDate",
  "nationality",
  "address",
  "businessInfo",
  "beneficialOwners",
] as const;
type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Equal as data: key order of stored JSON objects does not matter. */
function sameValue(left: unknown, right: unknown): boolean {
  const canonical = (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(canonical);
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  };
  return JSON.stringify(canonical(left)) === JSON.stringify(canonical(right));
}

function storedPersonal(row: CustomerRow): Record<PersonalField, unknown> {
  return {
    fullName: row.fullName,
    birthDate: row.birthDate,
    nationality: row.nationality,
    address: row.address,
    businessInfo: row.businessInfo,
    beneficialOwners: row.beneficialOwners,
  };
}

/**
 * PATCH /customers/{customerId}. Supplied fields replace the stored ones. An unregulated platform cannot change
 * personal information (spec rule 4): supplying the stored value again is allowed, a different one is 400.
 */
export async function updateCustomer(
  context: ServiceContext,
  reference: string,
  body: UpdateCustomerBody,
): Promise<CustomerRow> {
  const rules = await loadCustomerRules(context);
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const found = await findCustomer(tx, reference);
    if (!found) throw customerNotFound(reference);
    const [current] = await tx.select().from(customers).where(eq(customers.id, found.id)).for("update");
    if (!current) throw customerNotFound(reference);
    if (current.isDeleted) throw new ApiError(410, "CUSTOMER_DELETED", `Customer ${current.id} is deleted.`);
    if (body.customerType !== current.customerType) {
      const message = `A customer's type cannot change; this one is ${current.customerType}`;
      throw fieldError(400, "INVALID_INPUT", `Invalid request: customerType: ${message}`, [
        { path: "customerType", message },
      ]);
    }

    const stored = storedPersonal(current);
    const supplied: Partial<Record<PersonalField, unknown>> = {};
    for (const field of PERSONAL_FIELDS) {
      if (field in body && (body as Record<string, unknown>)[field] !== undefined) {
        supplied[field] = (body as Record<string, unknown>)[field];
      }
    }
    if (!context.config.regulated) {
      const changed = PERSONAL_FIELDS.filter(
        (field) => field in supplied && !sameValue(supplied[field], stored[field]),
      );
      if (changed.length > 0) {
        throw fieldError(
          400,
          "INVALID_INPUT",
          `Personal information cannot change after creation on an unregulated platform: ${changed.join(", ")}.`,
          changed.map((path) => ({ path, message: "Cannot change after creation" })),
        );
      }
    }
    const merged = { ...stored, ...supplied };
    if (body.bankAccountInfo) {
      requireInfoForCurrencies(rules.currencies, { customerType: current.customerType, ...merged }, [
        naturalCurrency(body.bankAccountInfo),
      ]);
    }
    if (body.umaAddress !== undefined) checkUmaDomain(rules, body.umaAddress);

    let updated: CustomerRow | undefined;
    try {
      [updated] = await tx
        .update(customers)
        .set({
          fullName: merged.fullName as string | null,
          birthDate: merged.birthDate as string | null,
          nationality: merged.nationality as string | null,
          address: merged.address as Record<string, string> | null,
          businessInfo: merged.businessInfo as Record<string, string> | null,
          beneficialOwners: merged.beneficialOwners as Record<string, unknown>[] | null,
          ...(body.umaAddress !== undefined ? { umaAddress: body.umaAddress } : {}),
          ...(body.bankAccountInfo !== undefined ? { bankAccountInfo: body.bankAccountInfo } : {}),
          updatedAt: now,
        })
        .where(eq(customers.id, current.id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, UMA_UNIQUE_INDEX) && body.umaAddress !== undefined) {
        throw umaAddressExists(body.umaAddress);
      }
      throw error;
    }
    if (!updated) throw customerNotFound(reference);
    if (body.bankAccountInfo) {
      await insertExternalAccountsIfAbsent(tx, [
        newExternalAccountValues({
          customerId: current.id,
          currency: naturalCurrency(body.bankAccountInfo),
          accountInfo: body.bankAccountInfo,
          now,
        }),
      ]);
    }
    return updated;
  });
}

/**
 * DELETE /customers/{customerId}: marks the customer deleted (its UMA address becomes free). One guarded UPDATE,
 * so of two simultaneous deletes one succeeds and the other is 410 CUSTOMER_DELETED. A customer who still holds
 * money, or whose payout is still under way (its money would come back if it failed), is not deleted: nothing can
 * leave a deleted customer's account, so the money would be lost to everyone. 400 INVALID_INPUT says what is left.
 * The check runs after the UPDATE, under its row lock: a payment crediting the customer (which holds the row for
 * share, payment-accounts.ts deletedOwnerOf) either committed before and is seen, or waits and then finds it deleted.
 */
export async function deleteCustomer(context: ServiceContext, reference: string): Promise<CustomerRow> {
  const found = await findCustomer(context.db, reference);
  if (!found) {
    if (hasNul(reference)) throw customerNotFound(reference);
    const [deleted] = await context.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.platformCustomerId, reference))
      .limit(1);
    if (deleted)
      throw new ApiError(410, "CUSTOMER_DELETED", `Every customer ${reference} is deleted already.`);
    throw customerNotFound(reference);
  }
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ isDeleted: true, updatedAt: context.clock.now() })
      .where(and(eq(customers.id, found.id), eq(customers.isDeleted, false)))
      .returning();
    if (!row) throw new ApiError(410, "CUSTOMER_DELETED", `Customer ${found.id} is deleted already.`);
    await requireNothingLeft(tx, row.id);
    return row;
  });
}

async function requireNothingLeft(tx: Transaction, customerId: string): Promise<void> {
  const held = await tx
    .select({
      accountId: internalAccounts.id,
      balance: internalAccounts.balance,
      currencyCode: internalAccounts.currencyCode,
    })
    .from(internalAccounts)
    .where(and(eq(internalAccounts.customerId, customerId), gt(internalAccounts.balance, 0)))
    .orderBy(internalAccounts.currencyCode);
  const waiting = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(internalAccounts, eq(internalAccounts.id, transactions.sourceAccountId))
    .where(
      and(
        eq(internalAccounts.customerId, customerId),
        inArray(transactions.status, ["PENDING", "PROCESSING"]),
      ),
    )
    .limit(20);
  if (held.length === 0 && waiting.length === 0) return;
  const parts = [
    ...(held.length > 0
      ? [
          `still holds ${held.map((a) => moneyText(a.balance, a.currencyCode)).join(" and ")}: pay it out first`,
        ]
      : []),
    ...(waiting.length > 0
      ? [
          `has ${waiting.length === 20 ? "20 or more payouts" : waiting.length === 1 ? "a payout" : `${waiting.length} payouts`} under way, whose money comes back if they fail: wait until they settle`,
        ]
      : []),
  ];
  throw new ApiError(
    400,
    "INVALID_INPUT",
    `Customer ${customerId} ${parts.join(", and ")}. A deleted customer's money could never leave; nothing was deleted.`,
    {
      balances: held.map((a) => ({ accountId: a.accountId, amount: a.balance, currency: a.currencyCode })),
      waitingTransactionIds: waiting.map((t) => t.id),
    },
  );
}
