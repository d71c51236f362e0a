import { and, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { internalAccounts, platformConfig } from "../db/schema";
import { getOrCreateConfig, updateConfig } from "../domain/config";
import { createCustomer, findCustomer } from "../domain/customers";
import { createCustomerExternalAccount } from "../domain/external-accounts";
import { approveTransaction, receiveSandboxPayment } from "../domain/incoming-payments";
import { createQuote } from "../domain/quotes";
import { fundInternalAccount } from "../domain/sandbox";
import { transferOut } from "../domain/transfers";

export const DEMO_UMA_DOMAIN = "demo.uma.localhost";

async function accountOf(
  context: ServiceContext,
  customerId: string | null,
  currencyCode: string,
): Promise<string> {
  const [row] = await context.db
    .select({ id: internalAccounts.id })
    .from(internalAccounts)
    .where(
      and(
        customerId ? eq(internalAccounts.customerId, customerId) : isNull(internalAccounts.customerId),
        eq(internalAccounts.currencyCode, currencyCode),
      ),
    );
  if (!row) throw new Error(`demo seed: no ${currencyCode} account for ${customerId ?? "the platform"}`);
  return row.id;
}

/**
 * The demo platform of the embedded default, created through the service's own domain code so every rule,
 * ledger movement and webhook applies: customers of both types, funded accounts, completed payments in
 * several currencies. Returns false when the platform was already configured, so a later start changes nothing.
 */
export async function seedDemo(
  context: ServiceContext,
  options: { webhookEndpoint: string },
): Promise<boolean> {
  const existing = await context.db.select({ id: platformConfig.id }).from(platformConfig).limit(1);
  if (existing.length > 0) return false;
  await getOrCreateConfig(context);
  await updateConfig(context, {
    umaDomain: DEMO_UMA_DOMAIN,
    webhookEndpoint: options.webhookEndpoint,
    supportedCurrencies: [
      {
        currencyCode: "USD",
        minAmount: 100,
        maxAmount: 10_000_000_00,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: true },
          { name: "BIRTH_DATE", mandatory: false },
        ],
      },
      {
        currencyCode: "EUR",
        minAmount: 100,
        maxAmount: 5_000_000_00,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: true },
          { name: "NATIONALITY", mandatory: true },
        ],
      },
      {
        currencyCode: "MXN",
        minAmount: 1_000,
        maxAmount: 100_000_000_00,
        requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      },
    ],
  });

  const ana = await createCustomer(context, {
    platformCustomerId: "user-1001",
    customerType: "INDIVIDUAL",
    umaAddress: `$ana.lopez@${DEMO_UMA_DOMAIN}`,
    fullName: "Ana María López",
    birthDate: "1991-03-14",
    nationality: "MX",
    address: {
      line1: "Av. Paseo de la Reforma 222",
      city: "Ciudad de México",
      state: "CDMX",
      postalCode: "06600",
      country: "MX",
    },
    bankAccountInfo: { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "BBVA México" },
  });
  const james = await createCustomer(context, {
    platformCustomerId: "user-1002",
    customerType: "INDIVIDUAL",
    umaAddress: `$james.carter@${DEMO_UMA_DOMAIN}`,
    fullName: "James Carter",
    birthDate: "1985-11-02",
    nationality: "US",
    address: { line1: "350 Fifth Avenue", city: "New York", state: "NY", postalCode: "10118", country: "US" },
    bankAccountInfo: {
      accountType: "US_ACCOUNT",
      accountNumber: "123456789",
      routingNumber: "021000021",
      accountCategory: "CHECKING",
      bankName: "Chase",
    },
  });
  const nordwind = await createCustomer(context, {
    platformCustomerId: "org-2001",
    customerType: "BUSINESS",
    umaAddress: `$nordwind@${DEMO_UMA_DOMAIN}`,
    businessInfo: {
      legalName: "Nordwind Handels GmbH",
      registrationNumber: "HRB 123456",
      taxId: "DE123456789",
    },
    address: { line1: "Speicherstadt 5", city: "Hamburg", postalCode: "20457", country: "DE" },
  });
  const nordwindIban = await createCustomerExternalAccount(context, {
    customerId: nordwind.id,
    currency: "EUR",
    accountInfo: {
      accountType: "IBAN",
      iban: "DE89370400440532013000",
      bankName: "Commerzbank",
      swiftBic: "COBADEFFXXX",
    },
  });

  await fundInternalAccount(context, await accountOf(context, null, "USD"), 500_000_00);
  await fundInternalAccount(context, await accountOf(context, null, "EUR"), 200_000_00);
  await fundInternalAccount(context, await accountOf(context, null, "MXN"), 2_000_000_00);
  await fundInternalAccount(context, await accountOf(context, james.id, "USD"), 2_500_00);
  await fundInternalAccount(context, await accountOf(context, nordwind.id, "EUR"), 15_000_00);

  // Completed payments in several currencies: payouts from the platform, a customer's transfer, a bank payout.
  await createQuote(context, {
    source: { accountId: await accountOf(context, null, "USD") },
    destination: { accountId: await accountOf(context, ana.id, "MXN"), currency: "MXN" },
    lockedCurrencySide: "RECEIVING",
    lockedCurrencyAmount: 8_500_00,
    immediatelyExecute: true,
    description: "Weekly payout",
  });
  await createQuote(context, {
    source: { accountId: await accountOf(context, james.id, "USD") },
    destination: { accountId: await accountOf(context, ana.id, "MXN"), currency: "MXN" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 120_00,
    immediatelyExecute: true,
    description: "Dinner, split",
  });
  await createQuote(context, {
    source: { accountId: await accountOf(context, null, "EUR") },
    destination: { accountId: await accountOf(context, nordwind.id, "EUR"), currency: "EUR" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 4_200_00,
    immediatelyExecute: true,
    description: "Invoice 2026-114",
  });
  await transferOut(context, {
    source: { accountId: await accountOf(context, nordwind.id, "EUR") },
    destination: { accountId: nordwindIban.id },
    amount: 1_000_00,
  });
  const incoming = await receiveSandboxPayment(context, {
    senderUmaAddress: "$success.eur@sandbox.uma.money",
    receivingCurrencyCode: "EUR",
    receivingCurrencyAmount: 750_00,
    customerId: nordwind.id,
  });
  await approveTransaction(context, incoming.id, {
    receiverCustomerInfo: { FULL_NAME: "Nordwind Handels GmbH" },
  });
  return true;
}

/**
 * One incoming payment waiting for approval. It is created once the console is listening, because its approval
 * webhook is never retried: sent to a console that is not up yet, the payment would fail at once.
 */
export async function seedDemoPendingPayment(context: ServiceContext): Promise<void> {
  // Several customers may share the id by now (spec rule 3): then there is no one to seed the payment for.
  const james = await findCustomer(context.db, "user-1002").catch(() => undefined);
  if (!james) return;
  await receiveSandboxPayment(context, {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 1_250_00,
    customerId: james.id,
  });
}
