import "server-only";
import { ApiError } from "../../../shared/api-error";
import {
  type Customer,
  customerInternalAccountListSchema,
  customerSchema,
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
import { readApi, walkPages } from "../payment-api/read";

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
  const found = await inBatches(ids, async (id) => {
    try {
      return await readApi(`/customers/${encodeURIComponent(id)}`, customerSchema);
    } catch (error) {
      // An unknown or removed customer is left unnamed; anything else (the API down) fails the request.
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  });
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
  if (found.length === ids.size || customerIds.length === 0) return found;
  // Older than the accounts read: looked for among the accounts of the customers asked about with them (a quote's
  // source account and its customer, a payment's account and customer), a few customers' accounts at a time.
  const seen = new Set(found.map((account) => account.id));
  const owned = await inBatches(customerIds, (customerId) =>
    readApi(
      `/customers/internal-accounts?${new URLSearchParams({ customerId, limit: "100" })}`,
      customerInternalAccountListSchema,
    ).then(
      (page) => page.data,
      () => [],
    ),
  );
  for (const account of owned.flat()) {
    if (ids.has(account.id) && !seen.has(account.id)) {
      seen.add(account.id);
      found.push(account);
    }
  }
  return found;
}

/** The platform's and customers' external accounts with these ids (those found; a customer's beyond MAX_ACCOUNTS are not). */
export async function findExternalAccounts(ids: Set<string>): Promise<ExternalAccount[]> {
  const platform = await readApi("/platform/external-accounts", platformExternalAccountListSchema);
  const found = platform.accounts.filter((account) => ids.has(account.id));
  if (found.length === ids.size) return found;
  for await (const page of walkPages(
    "/customers/external-accounts",
    new URLSearchParams(),
    externalAccountListSchema,
    {
      maxItems: MAX_ACCOUNTS,
    },
  )) {
    found.push(...page.data.filter((account) => ids.has(account.id)));
    if (found.length === ids.size) break;
  }
  return found;
}

/**
 * Names customers and accounts by their ids, asking the payment API as the console: a customer by its name, an
 * internal account by its owner and currency, a bank account by its holder, bank and the end of its number.
 */
export async function resolveNames(
  ids: readonly string[],
  // How many customers' internal accounts are read, newest first, to find those asked about (a test sets fewer).
  { maxAccounts = MAX_ACCOUNTS }: { maxAccounts?: number } = {},
): Promise<Record<string, NamedRecord>> {
  const byKind = (prefix: string) => new Set(ids.filter((id) => id.startsWith(prefix)));
  const internalIds = byKind("InternalAccount:");
  const externalIds = byKind("ExternalAccount:");
  const [internal, external] = await Promise.all([
    internalIds.size > 0 ? findInternalAccounts(internalIds, [...byKind("Customer:")], maxAccounts) : [],
    externalIds.size > 0 ? findExternalAccounts(externalIds) : [],
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
