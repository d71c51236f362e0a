import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  ALL_TRANSACTION_TYPES,
  type EnabledTransactionType,
  type UpdateConfigBody,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { preparedOnce } from "../db/client";
import { platformConfig, type StoredSupportedCurrency } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueWebhook } from "../webhooks/enqueue";
import { ensureInternalAccounts } from "./accounts";
import type { Transaction } from "./ledger";
import { moveUmaAddresses } from "./uma-domain-move";

export type PlatformConfigRow = typeof platformConfig.$inferSelect;

/** Fields that a currency's payment provider needs on every customer who transacts in it. */
const PROVIDER_REQUIRED_FIELDS: Record<string, string[]> = {
  USD: ["FULL_NAME", "BIRTH_DATE", "ADDRESS"],
  EUR: ["FULL_NAME", "BIRTH_DATE", "NATIONALITY", "ADDRESS"],
  MXN: ["FULL_NAME", "BIRTH_DATE", "NATIONALITY"],
  BRL: ["FULL_NAME", "BIRTH_DATE", "TAX_ID"],
  GBP: ["FULL_NAME", "ADDRESS"],
  INR: ["FULL_NAME", "ADDRESS"],
};

function providerRequiredCustomerFields(currencyCode: string): string[] {
  return PROVIDER_REQUIRED_FIELDS[currencyCode] ?? ["FULL_NAME"];
}

function proxyUmaSubdomain(umaDomain: string): string {
  return umaDomain.split(".", 1)[0] ?? umaDomain;
}

/** The directions a stored currency is enabled for; rows stored before the field existed enable both. */
function enabledTypesOf(entry: StoredSupportedCurrency): EnabledTransactionType[] {
  return entry.enabledTransactionTypes ?? [...ALL_TRANSACTION_TYPES];
}

export function presentConfig(row: PlatformConfigRow) {
  return {
    id: row.id,
    umaDomain: row.umaDomain,
    proxyUmaSubdomain: proxyUmaSubdomain(row.umaDomain),
    ...(row.webhookEndpoint ? { webhookEndpoint: row.webhookEndpoint } : {}),
    supportedCurrencies: row.supportedCurrencies.map((entry) => ({
      currencyCode: entry.currencyCode,
      minAmount: entry.minAmount,
      maxAmount: entry.maxAmount,
      requiredCounterpartyFields: entry.requiredCounterpartyFields,
      providerRequiredCustomerFields: entry.providerRequiredCustomerFields,
      enabledTransactionTypes: enabledTypesOf(entry),
    })),
    isRegulatedFinancialInstitution: row.isRegulated,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function defaultCurrency(
  currencyCode: string,
  minAmount: number,
  maxAmount: number,
): StoredSupportedCurrency {
  return {
    currencyCode,
    minAmount,
    maxAmount,
    requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
    providerRequiredCustomerFields: providerRequiredCustomerFields(currencyCode),
    enabledTransactionTypes: [...ALL_TRANSACTION_TYPES],
  };
}

const readConfig = preparedOnce((db) =>
  db.select().from(platformConfig).limit(1).prepare("service_platform_config"),
);

/**
 * Returns the platform's configuration, creating the default one on first use: an unconfigured platform reads
 * default values, as the specification allows.
 */
export async function getOrCreateConfig(context: ServiceContext): Promise<PlatformConfigRow> {
  const existing = await readConfig(context.db).execute();
  if (existing[0]) return existing[0];
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(platformConfig)
      .values({
        id: `PlatformConfig:${randomUUID()}`,
        umaDomain: context.config.defaultUmaDomain,
        webhookEndpoint: null,
        isRegulated: context.config.regulated,
        supportedCurrencies: [defaultCurrency("USD", 100, 1_000_000_00)],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: platformConfig.id });
    if (inserted.length > 0) await ensureAccountsForCurrencies(tx, ["USD"], now);
  });
  const created = await readConfig(context.db).execute();
  if (!created[0]) throw new Error("platform configuration could not be created");
  return created[0];
}

export type ConfigChanges = UpdateConfigBody;

const sameList = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && [...left].sort().join("\u0000") === [...right].sort().join("\u0000");

/**
 * PATCH takes a configuration exactly as GET answered it: read-only fields are ignored when they say what is
 * stored, and refused, naming the field, when they try to change it.
 */
function refuseReadOnlyChanges(current: PlatformConfigRow, changes: ConfigChanges): void {
  const presented = presentConfig(current);
  const fields: { path: string; message: string }[] = [];
  for (const field of [
    "id",
    "proxyUmaSubdomain",
    "isRegulatedFinancialInstitution",
    "createdAt",
    "updatedAt",
  ] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    // proxyUmaSubdomain follows umaDomain: compare with what this PATCH's domain makes it.
    const expected =
      field === "proxyUmaSubdomain" && changes.umaDomain !== undefined
        ? proxyUmaSubdomain(changes.umaDomain.toLowerCase())
        : presented[field];
    if (value !== expected && !(field === "proxyUmaSubdomain" && value === presented[field])) {
      fields.push({ path: field, message: `${field} is read-only` });
    }
  }
  changes.supportedCurrencies?.forEach((entry, index) => {
    if (entry.providerRequiredCustomerFields === undefined) return;
    if (!sameList(entry.providerRequiredCustomerFields, providerRequiredCustomerFields(entry.currencyCode))) {
      fields.push({
        path: `supportedCurrencies.${index}.providerRequiredCustomerFields`,
        message: "providerRequiredCustomerFields is read-only: the currency's provider sets it",
      });
    }
  });
  if (fields.length > 0) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      `Read-only fields cannot change: ${fields.map((f) => f.path).join(", ")}.`,
      {
        fields,
      },
    );
  }
}

/**
 * Applies a PATCH. A new UMA domain moves every live customer's UMA address to it (uma-domain-move.ts). A new
 * webhook endpoint is sent a TEST event (queued in the same transaction, not retried), as
 * the production service does.
 */
export async function updateConfig(
  context: ServiceContext,
  changes: ConfigChanges,
): Promise<PlatformConfigRow> {
  const current = await getOrCreateConfig(context);
  refuseReadOnlyChanges(current, changes);
  return context.db.transaction(async (tx) => {
    const rows = await tx
      .update(platformConfig)
      .set({
        ...(changes.umaDomain !== undefined ? { umaDomain: changes.umaDomain.toLowerCase() } : {}),
        ...(changes.webhookEndpoint !== undefined ? { webhookEndpoint: changes.webhookEndpoint } : {}),
        ...(changes.supportedCurrencies !== undefined
          ? {
              supportedCurrencies: changes.supportedCurrencies.map((entry): StoredSupportedCurrency => {
                const before = current.supportedCurrencies.find((c) => c.currencyCode === entry.currencyCode);
                return {
                  currencyCode: entry.currencyCode,
                  minAmount: entry.minAmount,
                  maxAmount: entry.maxAmount,
                  requiredCounterpartyFields: entry.requiredCounterpartyFields,
                  providerRequiredCustomerFields: providerRequiredCustomerFields(entry.currencyCode),
                  // Left out, a currency keeps its directions (a new one is enabled both ways).
                  enabledTransactionTypes:
                    entry.enabledTransactionTypes ??
                    (before ? enabledTypesOf(before) : [...ALL_TRANSACTION_TYPES]),
                };
              }),
            }
          : {}),
        updatedAt: context.clock.now(),
      })
      .returning();
    const updated = rows[0] ?? current;
    // Every customer's address follows the domain, in this transaction: a collision refuses the whole change. The
    // same domain again moves any address an older service left behind on an earlier domain.
    if (changes.umaDomain !== undefined) {
      await moveUmaAddresses(tx, updated.umaDomain, context.clock.now());
    }
    if (changes.supportedCurrencies) {
      await ensureAccountsForCurrencies(
        tx,
        changes.supportedCurrencies.map((entry) => entry.currencyCode),
        context.clock.now(),
      );
    }
    if (changes.webhookEndpoint !== undefined && changes.webhookEndpoint !== current.webhookEndpoint) {
      await enqueueWebhook(
        tx,
        { type: "TEST", payload: { test: true }, retryable: false },
        context.clock.now(),
      );
    }
    return updated;
  });
}

/**
 * Prefunded model: the platform and every live customer hold one internal account per supported currency, so a
 * newly supported currency opens those accounts at once, in the transaction that adds it.
 */
async function ensureAccountsForCurrencies(tx: Transaction, currencyCodes: string[], now: Date) {
  await ensureInternalAccounts(tx, { customerId: null }, currencyCodes, now);
  for (const currencyCode of currencyCodes) {
    await tx.execute(sql`
      insert into internal_accounts (id, customer_id, currency_code, balance, reference, created_at, updated_at)
      select 'InternalAccount:' || gen_random_uuid(), c.id, ${currencyCode}, 0,
             'CUS-' || upper(substr(md5(random()::text || c.id || ${currencyCode}), 1, 10)), ${now}, ${now}
      from customers c
      where not c.is_deleted
      on conflict do nothing`);
  }
}
