import { eq, isNull } from "drizzle-orm";
import type { BankAccountInfoInput, CreateCustomerBody } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { externalAccounts, internalAccounts } from "../db/schema";
import {
  createCustomer,
  insertPreparedCustomer,
  loadCustomerRules,
  prepareNewCustomer,
} from "../domain/customers";
import { createCustomerExternalAccount } from "../domain/external-accounts";
import { clabeAccount, ibanAccount, usAccount } from "./bank-numbers";
import { CURRENCIES, type Currency } from "./demo-amounts";
import type { DemoPerson, Home } from "./demo-people";
import type { Prng } from "./prng";

/** A customer of the history: their internal account per currency and their bank account at home. */
export interface Member {
  id: string;
  name: string;
  home: Currency;
  ready: boolean;
  accounts: Record<Currency, string>;
  bank: string;
}

export async function accountsOf(context: ServiceContext, customerId: string | null) {
  const rows = await context.db
    .select({ id: internalAccounts.id, currencyCode: internalAccounts.currencyCode })
    .from(internalAccounts)
    .where(customerId ? eq(internalAccounts.customerId, customerId) : isNull(internalAccounts.customerId));
  const accounts: Partial<Record<Currency, string>> = {};
  for (const row of rows) accounts[row.currencyCode as Currency] = row.id;
  for (const currency of CURRENCIES) {
    if (!accounts[currency])
      throw new Error(`demo history: no ${currency} account for ${customerId ?? "the platform"}`);
  }
  return accounts as Record<Currency, string>;
}

export async function bankOf(context: ServiceContext, customerId: string): Promise<string> {
  const [row] = await context.db
    .select({ id: externalAccounts.id })
    .from(externalAccounts)
    .where(eq(externalAccounts.customerId, customerId))
    .orderBy(externalAccounts.createdAt)
    .limit(1);
  if (!row) throw new Error(`demo history: ${customerId} has no bank account`);
  return row.id;
}

const READY = new Set(["APPROVED", "MANUALLY_APPROVED"]);

function bankAccountFor(prng: Prng, home: Home, ending?: string): BankAccountInfoInput {
  if (home.currency === "USD") return usAccount(prng, ending);
  if (home.currency === "MXN") return clabeAccount(prng, ending);
  return ibanAccount(prng, home.ibanCountry, ending);
}

const nameOf = (person: DemoPerson) =>
  person.customerType === "INDIVIDUAL" ? person.fullName : person.legalName;

function createBody(prng: Prng, person: DemoPerson, umaDomain: string): CreateCustomerBody {
  const common = {
    platformCustomerId: person.platformCustomerId,
    umaAddress: `$${person.handle}@${umaDomain}`,
    address: person.address,
    bankAccountInfo: bankAccountFor(prng, person.home),
  };
  return person.customerType === "INDIVIDUAL"
    ? {
        ...common,
        customerType: "INDIVIDUAL",
        fullName: person.fullName,
        birthDate: person.birthDate,
        nationality: person.nationality,
      }
    : {
        ...common,
        customerType: "BUSINESS",
        businessInfo: {
          legalName: person.legalName,
          registrationNumber: person.registrationNumber,
          taxId: person.taxId,
        },
      };
}

/**
 * A customer joining during the history. An approved one is created as POST /customers creates it; one whose KYC
 * is still in review, refused or decided by hand (statuses the contract has but the local service's own flows do
 * not reach: its hosted KYC decides at once) goes through the same preparation and insert with that status.
 */
export async function createDemoCustomer(
  context: ServiceContext,
  prng: Prng,
  person: DemoPerson,
): Promise<Member> {
  const rules = await loadCustomerRules(context);
  const body = createBody(prng, person, rules.umaDomain);
  let id: string;
  if (person.kycStatus === "APPROVED") {
    id = (await createCustomer(context, body)).id;
  } else {
    const now = context.clock.now();
    const prepared = prepareNewCustomer(rules, body, { kycStatus: person.kycStatus, now });
    const row = await context.db.transaction((tx) =>
      insertPreparedCustomer(tx, prepared, rules.currencyCodes, now),
    );
    id = row.id;
  }
  return {
    id,
    name: nameOf(person),
    home: person.home.currency,
    ready: READY.has(person.kycStatus),
    accounts: await accountsOf(context, id),
    bank: await bankOf(context, id),
  };
}

/** Another bank account of the member at home, ending in `ending` (the sandbox bank's outcome digits). */
export async function addBankAccount(
  context: ServiceContext,
  prng: Prng,
  member: Member,
  ending: string,
): Promise<string> {
  const home: Home =
    member.home === "EUR"
      ? { currency: "EUR", ibanCountry: prng.pick(["DE", "AT", "IE"] as const) }
      : { currency: member.home };
  const account = await createCustomerExternalAccount(context, {
    customerId: member.id,
    currency: member.home,
    accountInfo: bankAccountFor(prng, home, ending),
  });
  return account.id;
}
