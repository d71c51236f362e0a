import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { customers, externalAccounts, internalAccounts, ledgerEntries } from "../db/schema";
import { ensureInternalAccounts } from "../domain/accounts";
import type { ServiceApi, TestService } from "./service";

/**
 * Set-up for payment tests. Customers and external accounts are written straight to the database so the
 * payment tests do not depend on the customer endpoints; everything under test goes through HTTP.
 */

export interface CurrencySetup {
  currencyCode: string;
  minAmount?: number;
  maxAmount?: number;
  requiredCounterpartyFields?: { name: string; mandatory: boolean }[];
  enabledTransactionTypes?: ("INCOMING" | "OUTGOING")[];
}

/** Configures the platform's currencies (and optionally the webhook endpoint) over HTTP. */
export async function configurePlatform(
  service: ServiceApi,
  options: { currencies: CurrencySetup[]; webhookEndpoint?: string },
): Promise<void> {
  const response = await service.api("/config", {
    method: "PATCH",
    json: {
      ...(options.webhookEndpoint ? { webhookEndpoint: options.webhookEndpoint } : {}),
      supportedCurrencies: options.currencies.map((c) => ({
        currencyCode: c.currencyCode,
        minAmount: c.minAmount ?? 1,
        maxAmount: c.maxAmount ?? 1_000_000_000_000,
        requiredCounterpartyFields: c.requiredCounterpartyFields ?? [{ name: "FULL_NAME", mandatory: true }],
        ...(c.enabledTransactionTypes ? { enabledTransactionTypes: c.enabledTransactionTypes } : {}),
      })),
    },
  });
  if (response.status !== 200) throw new Error(`PATCH /config failed: ${await response.text()}`);
}

/** Internal account id per currency; reading a currency the customer has no account in throws. */
type AccountIds = Readonly<Record<"USD" | "EUR" | "MXN" | "GBP" | "JPY", string>>;

export interface TestCustomer {
  id: string;
  platformCustomerId: string;
  umaAddress: string;
  accounts: AccountIds;
}

function accountIds(rows: { id: string; currencyCode: string }[]): AccountIds {
  const byCurrency = new Map(rows.map((row) => [row.currencyCode, row.id]));
  return new Proxy(Object.fromEntries(byCurrency) as AccountIds, {
    get(_target, key) {
      const id = typeof key === "string" ? byCurrency.get(key) : undefined;
      if (id === undefined) throw new Error(`the customer has no ${String(key)} account`);
      return id;
    },
  });
}

export async function createCustomer(
  service: TestService,
  options: { kycStatus?: string; umaAddress?: string; currencies?: string[]; incomplete?: boolean } = {},
): Promise<TestCustomer> {
  const db = service.context.db;
  const now = service.context.clock.now();
  const suffix = randomUUID().slice(0, 8);
  const id = `Customer:${randomUUID()}`;
  const umaAddress = options.umaAddress ?? `$user.${suffix}@uma.localhost`;
  const config = await (await service.api("/config")).json();
  const currencies: string[] =
    options.currencies ?? config.supportedCurrencies.map((c: { currencyCode: string }) => c.currencyCode);
  await db.transaction(async (tx) => {
    await tx.insert(customers).values({
      id,
      platformCustomerId: `pc-${suffix}`,
      customerType: "INDIVIDUAL",
      umaAddress,
      kycStatus: options.kycStatus ?? "APPROVED",
      fullName: "Test Person",
      // Everything any currency's provider requires (spec rule 1), unless the test wants a customer without it.
      ...(options.incomplete
        ? {}
        : {
            birthDate: "1990-01-02",
            nationality: "US",
            address: { line1: "1 Test St", postalCode: "10001", country: "US" },
          }),
      createdAt: now,
      updatedAt: now,
    });
    await ensureInternalAccounts(tx, { customerId: id }, currencies, now);
  });
  const rows = await db
    .select({ id: internalAccounts.id, currencyCode: internalAccounts.currencyCode })
    .from(internalAccounts)
    .where(eq(internalAccounts.customerId, id));
  return {
    id,
    platformCustomerId: `pc-${suffix}`,
    umaAddress,
    accounts: accountIds(rows),
  };
}

export async function platformAccountId(service: TestService, currencyCode: string): Promise<string> {
  const [row] = await service.context.db
    .select({ id: internalAccounts.id })
    .from(internalAccounts)
    .where(and(isNull(internalAccounts.customerId), eq(internalAccounts.currencyCode, currencyCode)));
  if (!row) throw new Error(`no platform ${currencyCode} account`);
  return row.id;
}

/** A US bank account whose number ends in `suffix` (the sandbox's magic outcome digits). */
export async function createExternalAccount(
  service: TestService,
  options: {
    customerId: string | null;
    currencyCode?: string;
    suffix?: string;
    status?: "ACTIVE" | "INACTIVE";
  },
): Promise<string> {
  const id = `ExternalAccount:${randomUUID()}`;
  const now = service.context.clock.now();
  const accountNumber = `${Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, "0")}${options.suffix ?? "001"}`;
  await service.context.db.insert(externalAccounts).values({
    id,
    customerId: options.customerId,
    currencyCode: options.currencyCode ?? "USD",
    status: options.status ?? "ACTIVE",
    accountInfo: {
      accountType: "US_ACCOUNT",
      accountNumber,
      routingNumber: "021000021",
      accountCategory: "CHECKING",
      bankName: "Test Bank",
    },
    fingerprint: `${accountNumber}-${id}`,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function balanceOf(service: TestService, accountId: string): Promise<number> {
  const [row] = await service.context.db
    .select({ balance: internalAccounts.balance })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId));
  if (!row) throw new Error(`no account ${accountId}`);
  return row.balance;
}

export async function fund(service: ServiceApi, accountId: string, amount: number): Promise<void> {
  const response = await service.api(`/sandbox/internal-accounts/${accountId}/fund`, {
    method: "POST",
    json: { amount },
  });
  if (response.status !== 200) throw new Error(`funding failed: ${await response.text()}`);
}

export async function advanceClock(service: TestService, seconds: number): Promise<void> {
  const response = await fetch(`${service.origin}/_local/clock/advance`, {
    method: "POST",
    headers: { authorization: service.authorization, "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  if (response.status !== 200) throw new Error(`clock advance failed: ${await response.text()}`);
}

export async function ledgerRows(service: TestService) {
  return service.context.db.select().from(ledgerEntries);
}

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function getJson(service: ServiceApi, path: string) {
  const response = await service.api(path);
  return { status: response.status, body: await response.json() };
}

export async function postJson(service: ServiceApi, path: string, json: unknown = {}) {
  const response = await service.api(path, { method: "POST", json });
  return { status: response.status, body: await response.json() };
}

/** A person as a watchlist or a payment's counterparty information names them. */
export type CounterpartyPerson = { FULL_NAME: string; BIRTH_DATE?: string; NATIONALITY?: string };

/**
 * A customer created with POST /customers, as the platform's own backend would, never through the console: a person
 * (their name, birth date and nationality when given) or a business by its legal name (with its people, when given),
 * under a UMA address of its own when given.
 */
export async function createCustomerAtApi(
  service: ServiceApi,
  who: CounterpartyPerson & {
    customerType?: "INDIVIDUAL" | "BUSINESS";
    umaAddress?: string;
    people?: { fullName: string; emailAddress: string }[];
  },
): Promise<{ id: string; updatedAt: string; platformCustomerId: string }> {
  const business = who.customerType === "BUSINESS";
  const response = await service.api("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `api-${randomUUID().slice(0, 12)}`,
      customerType: business ? "BUSINESS" : "INDIVIDUAL",
      ...(who.umaAddress ? { umaAddress: who.umaAddress } : {}),
      ...(business
        ? {
            businessInfo: { legalName: who.FULL_NAME },
            ...(who.people
              ? { beneficialOwners: who.people.map((person) => ({ ...person, individualType: "OFFICER" })) }
              : {}),
          }
        : { fullName: who.FULL_NAME, birthDate: who.BIRTH_DATE, nationality: who.NATIONALITY }),
      address: { line1: "1 Main St", city: "Cairo", postalCode: "11511", country: "EG" },
    },
  });
  if (response.status !== 201)
    throw new Error(`customer not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; updatedAt: string; platformCustomerId: string };
}
