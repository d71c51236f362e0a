import "server-only";
import {
  customerInternalAccountListSchema,
  type InternalAccount,
  platformInternalAccountListSchema,
  type Transaction,
  transactionListSchema,
} from "../../../shared/contract";
import { aggregateVolume, lastDays, sumBalances } from "../../universal/transactions/volume";
import { readApi, readApiWithPlatformNow, walkPages } from "../payment-api/read";

// The overview's figures. The API has no aggregate endpoints, so they are sums over its lists; these bounds keep the
// overview fast on a large platform, and when one is reached the answer says so and the page says what it covers.
const DAYS = 30;
const MAX_TRANSACTIONS = 5_000;
const MAX_CUSTOMER_ACCOUNTS = 2_000;

async function customerAccounts() {
  const accounts: InternalAccount[] = [];
  let total: number | undefined;
  let complete = true;
  for await (const page of walkPages(
    "/customers/internal-accounts",
    new URLSearchParams(),
    customerInternalAccountListSchema,
    { maxItems: MAX_CUSTOMER_ACCOUNTS },
  )) {
    accounts.push(...page.data);
    total = page.totalCount ?? total;
    complete = !page.hasMore;
  }
  return { accounts, total, complete };
}

/**
 * What the platform and its customers hold, per currency (GET /api/overview/balances). Not a matter of days, so
 * the same for every reader wherever they are: the overview's page arrives with it (lib/server/page-reads/list-reads.ts).
 */
export async function overviewBalances() {
  const [platform, customers] = await Promise.all([
    readApi("/platform/internal-accounts", platformInternalAccountListSchema),
    customerAccounts(),
  ]);
  return {
    platform: sumBalances(platform.data),
    // A customers' total is many people's money: no one account to open.
    customers: sumBalances(customers.accounts).map(({ accountId: _one, ...total }) => total),
    customerAccountsCounted: customers.accounts.length,
    ...(customers.total !== undefined ? { customerAccountsTotal: customers.total } : {}),
    customersComplete: customers.complete,
  };
}

async function transactionsSince(since: Date) {
  const transactions: Transaction[] = [];
  let complete = true;
  // Oldest first with a start date: if the bound is reached, what is left out is the newest, and the page says so.
  const filters = new URLSearchParams({ startDate: since.toISOString(), sortOrder: "asc" });
  for await (const page of walkPages("/transactions", filters, transactionListSchema, {
    maxItems: MAX_TRANSACTIONS,
  })) {
    transactions.push(...page.data);
    complete = !page.hasMore;
  }
  return { transactions, complete };
}

/**
 * The last 30 days of completed payments per currency and day, days being the reader's (GET /api/overview): today is
 * the platform's today, since payments are dated on its clock, which the sandbox can move ahead of ours.
 */
export async function overviewVolume(timeZone: string) {
  // The platform's accounts are read for the API's clock (its Date header), the cheapest answer that has one.
  const { platformNow: now } = await readApiWithPlatformNow(
    "/platform/internal-accounts",
    platformInternalAccountListSchema,
  );
  const days = lastDays(now, timeZone, DAYS);
  // A day and a half more than 30 days covers the first local day in every time zone; aggregateVolume keeps only the
  // days asked for.
  const since = new Date(now.getTime() - (DAYS + 1.5) * 24 * 60 * 60 * 1000);
  const volume = await transactionsSince(since);
  return {
    generatedAt: now.toISOString(),
    timeZone,
    days,
    volume: {
      currencies: aggregateVolume(volume.transactions, days, timeZone),
      transactionsCounted: volume.transactions.length,
      complete: volume.complete,
    },
  };
}
