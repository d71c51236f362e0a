import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import {
  type Customer,
  customerInternalAccountListSchema,
  type ExternalAccount,
  externalAccountListSchema,
  type InternalAccount,
  platformExternalAccountListSchema,
  platformInternalAccountListSchema,
} from "../../../shared/contract";
import {
  bankAccountName,
  customerName,
  internalAccountName,
  type NamedRecord,
} from "../../universal/names/labels";
import { type Page, readApi, walkPages } from "../payment-api/read";
import { customerById } from "./customer-by-id";

/** How many ids one request may name: a page of the lists holds at most 100 records. */
const MAX_IDS = 100;
/**
 * The API finds accounts by owner, not by id, so an account is named by reading the account lists; these bounds
 * keep that fast on a large platform. An account beyond them is left unnamed (the list shows its id).
 */
const MAX_ACCOUNTS = 2_000;
const CONCURRENCY = 8;

const ID_PATTERN = /^(Customer|InternalAccount|ExternalAccount):[A-Za-z0-9_-]{1,100}$/;

/** The ids of a `?ids=a,b` query, each checked; a 400 names the first that is not a record id. */
export function parseIds(raw: string | null): string[] {
  const ids = [
    ...new Set(
      (raw ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_IDS) {
    throw new ApiError(400, "INVALID_INPUT", `At most ${MAX_IDS} ids can be named at once.`, {
      fields: [{ path: "ids", message: `At most ${MAX_IDS} ids.` }],
    });
  }
  const bad = ids.find((id) => !ID_PATTERN.test(id));
  if (bad !== undefined) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "ids must be Customer:, InternalAccount: or ExternalAccount: ids.",
      {
        fields: [{ path: "ids", message: `Not a record id: ${bad.slice(0, 120)}` }],
      },
    );
  }
  return ids;
}

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    results.push(...(await Promise.all(items.slice(start, start + CONCURRENCY).map(work))));
  }
  return results;
}

async function readCustomers(ids: readonly string[]): Promise<Map<string, Customer>> {
  // An unknown customer is left unnamed; anything else (the API down) fails the request.
  const found = await inBatches(ids, customerById);
  return new Map(found.filter((c): c is Customer => c !== undefined).map((c) => [c.id, c]));
}

async function findInternalAccounts(
  ids: Set<string>,
  customerIds: readonly string[],
  maxAccounts: number,
): Promise<InternalAccount[]> {
  const platform = await readApi("/platform/internal-accounts", platformInternalAccountListSchema);
  const found = platform.data.filter((account) => ids.has(account.id));
  if (found.length === ids.size) return found;
  for await (const page of walkPages(
    "/customers/internal-accounts",
    new URLSearchParams(),
    customerInternalAccountListSchema,
    { maxItems: maxAccounts },
  )) {
    found.push(...page.data.filter((account) => ids.has(account.id)));
    if (found.length === ids.size) break;
  }
  return found.length === ids.size
    ? found
    : [
        ...found,
        ...(await amongTheirOwners(
          "/customers/internal-accounts",
          customerInternalAccountListSchema,
          ids,
          customerIds,
          found,
        )),
      ];
}

/**
 * Accounts with these ids older than the accounts read, looked for among the accounts of the customers asked about
 * with them (a quote's source account and its customer, a payment's account and customer), a few customers at a
 * time, each customer's newest MAX_ACCOUNTS (a business may pay thousands of beneficiaries' accounts): those not
 * already `found`. A customer whose accounts cannot be read adds none.
 */
async function amongTheirOwners<T extends { id: string }>(
  path: "/customers/internal-accounts" | "/customers/external-accounts",
  schema: z.ZodType<Page<T>>,
  ids: Set<string>,
  customerIds: readonly string[],
  found: readonly T[],
): Promise<T[]> {
  const seen = new Set(found.map((account) => account.id));
  const owned = await inBatches(customerIds, async (customerId) => {
    const theirs: T[] = [];
    try {
      for await (const page of walkPages(path, new URLSearchParams({ customerId }), schema, {
        maxItems: MAX_ACCOUNTS,
      })) {
        theirs.push(...page.data.filter((account) => ids.has(account.id)));
        if (theirs.length === ids.size) break;
      }
    } catch {
      // Unread: the account stays not found, which the caller says (or refuses to pay, recipientScreening).
    }
    return theirs;
  });
  const more: T[] = [];
  for (const account of owned.flat()) {
    if (ids.has(account.id) && !seen.has(account.id)) {
      seen.add(account.id);
      more.push(account);
    }
  }
  return more;
}

/** External accounts found by id, and whether every customer's account was read in looking (none was past the bound). */
export interface ExternalAccountSearch {
  found: ExternalAccount[];
  everyAccountRead: boolean;
}

/**
 * The platform's and customers' external accounts with these ids: among the platform's, the newest `maxAccounts` of
 * the customers', then those of the customers asked about with them (`customerIds`: a customer registers the bank
 * accounts they pay as their own).
 */
export async function searchExternalAccounts(
  ids: Set<string>,
  // Or how to learn them, asked only when the account is not among those read first.
  customerIds: readonly string[] | (() => Promise<readonly string[]>) = [],
  maxAccounts = MAX_ACCOUNTS,
): Promise<ExternalAccountSearch> {
  const platform = await readApi("/platform/external-accounts", platformExternalAccountListSchema);
  const found = platform.accounts.filter((account) => ids.has(account.id));
  let everyAccountRead = true;
  if (found.length === ids.size) return { found, everyAccountRead };
  for await (const page of walkPages(
    "/customers/external-accounts",
    new URLSearchParams(),
    externalAccountListSchema,
    { maxItems: maxAccounts },
  )) {
    found.push(...page.data.filter((account) => ids.has(account.id)));
    everyAccountRead = !page.hasMore;
    if (found.length === ids.size) break;
  }
  if (found.length < ids.size) {
    found.push(
      ...(await amongTheirOwners(
        "/customers/external-accounts",
        externalAccountListSchema,
        ids,
        typeof customerIds === "function" ? await customerIds() : customerIds,
        found,
      )),
    );
  }
  return { found, everyAccountRead };
}

/**
 * Names customers and accounts by their ids, asking the payment API as the console: a customer by its name, an
 * internal account by its owner and currency, a bank account by its holder, bank and the end of its number.
 */
export async function resolveNames(
  ids: readonly string[],
  // How many customers' accounts of each kind are read, newest first, to find those asked about (a test sets fewer).
  { maxAccounts = MAX_ACCOUNTS }: { maxAccounts?: number } = {},
): Promise<Record<string, NamedRecord>> {
  const byKind = (prefix: string) => new Set(ids.filter((id) => id.startsWith(prefix)));
  const internalIds = byKind("InternalAccount:");
  const externalIds = byKind("ExternalAccount:");
  const [internal, external] = await Promise.all([
    internalIds.size > 0 ? findInternalAccounts(internalIds, [...byKind("Customer:")], maxAccounts) : [],
    externalIds.size > 0
      ? searchExternalAccounts(externalIds, [...byKind("Customer:")], maxAccounts).then(
          (search) => search.found,
        )
      : [],
  ]);
  const owners = [...internal, ...external].map((account) => account.customerId).filter((id) => !!id);
  const customers = await readCustomers([...new Set([...byKind("Customer:"), ...(owners as string[])])]);
  const ownerName = (customerId: string | undefined) => {
    const owner = customerId ? customers.get(customerId) : undefined;
    return owner ? customerName(owner) : undefined;
  };

  const names: Record<string, NamedRecord> = {};
  for (const id of byKind("Customer:")) {
    const customer = customers.get(id);
    if (!customer) continue;
    names[id] = {
      kind: "customer",
      name: customerName(customer),
      customerId: customer.id,
      platformCustomerId: customer.platformCustomerId,
      deleted: customer.isDeleted === true,
    };
  }
  for (const account of internal) {
    names[account.id] = account.customerId
      ? {
          kind: "customer-account",
          name: internalAccountName(account, ownerName(account.customerId) ?? account.customerId),
          customerId: account.customerId,
          customerName: ownerName(account.customerId),
        }
      : { kind: "platform-account", name: internalAccountName(account) };
  }
  for (const account of external) {
    names[account.id] = {
      kind: "bank-account",
      name: bankAccountName(account, ownerName(account.customerId)),
      customerId: account.customerId || undefined,
      customerName: ownerName(account.customerId),
    };
  }
  return names;
}
