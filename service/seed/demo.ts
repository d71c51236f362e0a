import { and, eq, isNull } from "drizzle-orm";
import { LISTED_SANDBOX_SENDER } from "../../shared/contract/sandbox-senders";
import type { ServiceContext } from "../context";
import { internalAccounts, platformConfig } from "../db/schema";
import { getOrCreateConfig, updateConfig } from "../domain/config";
import { createCustomer, findCustomer } from "../domain/customers";
import { createCustomerExternalAccount } from "../domain/external-accounts";
import { approveTransaction, receiveSandboxPayment } from "../domain/incoming-payments";
import { createQuote } from "../domain/quotes";
import { fundInternalAccount } from "../domain/sandbox";
import { transferOut } from "../domain/transfers";
import { accountsOf, bankOf, type Member } from "./demo-customers";
import {
  DAY,
  forgetHistoryDeliveries,
  type HistoryApprover,
  replayHistory,
  startOfUtcDay,
} from "./demo-history";
import { replayContext } from "./replay-clock";

const DEMO_UMA_DOMAIN = "demo.uma.localhost";

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

export const DEMO_HISTORY_DAYS = 60;
/** The history's seed: every first start replays the same history (relative to its day). */
const DEMO_HISTORY_SEED = 27;

/**
 * When the demo platform opened for a first start at `present`: the start (00:00 UTC) of the day DEMO_HISTORY_DAYS
 * ago. A replay that began at the present's time of day skipped that first day's earlier activities, and with them
 * their draws of the seeded PRNG, so the whole history (how many payments failed or were refunded) changed with the
 * hour of the first start.
 */
export const demoOpening = (present: Date): Date =>
  new Date(startOfUtcDay(present.getTime() - DEMO_HISTORY_DAYS * DAY));

/**
 * The console's side of the history, told when the platform opened: what answers the approval webhooks of its
 * payments (the demo's approval policy, put in force that first morning), or nothing when people decide them all.
 */
export type HistoryApprovals = (opensAt: Date) => Promise<HistoryApprover | undefined>;

/**
 * The demo platform of the embedded default, created through the service's own domain code so every rule,
 * ledger movement and webhook applies. It opens DEMO_HISTORY_DAYS days ago (at 00:00 UTC): the configuration, three customers
 * of both types and funded accounts, then the replayed history (demo-history.ts) up to now, then a few completed
 * payments of today. Returns false when the platform was already configured, so a later start changes nothing.
 */
export async function seedDemo(
  context: ServiceContext,
  options: { webhookEndpoint: string; historySeed?: number; approvals?: HistoryApprovals },
): Promise<boolean> {
  const existing = await context.db.select({ id: platformConfig.id }).from(platformConfig).limit(1);
  if (existing.length > 0) return false;
  const present = context.clock.now();
  const opening = demoOpening(present);
  const history = replayContext(context, opening);
  const approver = await options.approvals?.(opening);
  await openPlatform(history, options.webhookEndpoint);
  await replayHistory(history, {
    seed: options.historySeed ?? DEMO_HISTORY_SEED,
    until: present,
    founders: await foundersOf(history),
    platform: await accountsOf(history, null),
    approver,
  });
  await forgetHistoryDeliveries(context.db, present);
  await seedToday(context);
  return true;
}

/** The three customers the demo opened with (its pending payment and the e2e specs know them by name). */
async function foundersOf(context: ServiceContext): Promise<Member[]> {
  const founders = [
    { platformCustomerId: "user-1001", name: "Ana María López", home: "MXN" as const },
    { platformCustomerId: "user-1002", name: "James Carter", home: "USD" as const },
    { platformCustomerId: "org-2001", name: "Nordwind Handels GmbH", home: "EUR" as const },
  ];
  return Promise.all(
    founders.map(async (founder) => {
      const customer = await findCustomer(context.db, founder.platformCustomerId);
      if (!customer) throw new Error(`demo seed: ${founder.platformCustomerId} is missing`);
      return {
        id: customer.id,
        name: founder.name,
        home: founder.home,
        ready: true,
        accounts: await accountsOf(context, customer.id),
        bank: await bankOf(context, customer.id),
      };
    }),
  );
}

/** The platform on its first day: configuration, the first three customers, funded accounts. */
async function openPlatform(context: ServiceContext, webhookEndpoint: string): Promise<void> {
  await getOrCreateConfig(context);
  await updateConfig(context, {
    umaDomain: DEMO_UMA_DOMAIN,
    webhookEndpoint,
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
  await createCustomerExternalAccount(context, {
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
  await fundInternalAccount(context, await accountOf(context, ana.id, "MXN"), 20_000_00);
}

/** Today's completed payments: payouts from the platform, a customer's transfer, a bank payout, one received. */
async function seedToday(context: ServiceContext): Promise<void> {
  const [ana, james, nordwind] = await Promise.all(
    ["user-1001", "user-1002", "org-2001"].map(async (id) => {
      const customer = await findCustomer(context.db, id);
      if (!customer) throw new Error(`demo seed: ${id} is missing`);
      return customer;
    }),
  );
  if (!ana || !james || !nordwind) throw new Error("demo seed: a founder is missing");
  const nordwindIban = await bankOf(context, nordwind.id);

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
    destination: { accountId: nordwindIban },
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
  // From a sender whose details are a UN-listed person's: screening holds it with the match explained (issue 48).
  await receiveSandboxPayment(context, {
    senderUmaAddress: LISTED_SANDBOX_SENDER,
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 480_00,
    customerId: james.id,
  });
}
