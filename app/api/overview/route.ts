// GET /api/overview — balances per currency and 30 days of payment volume, summed from the API's own lists

import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readApiWithPlatformNow, walkPages } from "@/lib/payment-api/read";
import { aggregateVolume, isValidTimeZone, lastDays, sumBalances } from "@/lib/transactions/volume";
import { ApiError } from "@/shared/api-error";
import {
  customerInternalAccountListSchema,
  type InternalAccount,
  platformInternalAccountListSchema,
  type Transaction,
  transactionListSchema,
} from "@/shared/contract";

export const dynamic = "force-dynamic";

const DAYS = 30;
// The API has no aggregate endpoints, so the figures are sums over its lists. These bounds keep the overview
// fast on a large platform; when one is reached the answer says so and the page says what the figures cover.
const MAX_TRANSACTIONS = 5_000;
const MAX_CUSTOMER_ACCOUNTS = 2_000;

async function customerBalances() {
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

async function recentTransactions(since: Date) {
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

export const GET = consoleRoute({ permission: "read", action: "overview.read" }, async ({ request }) => {
  const timeZone = new URL(request.url).searchParams.get("timeZone") ?? "UTC";
  if (!isValidTimeZone(timeZone)) {
    throw new ApiError(400, "INVALID_INPUT", "timeZone must be a time zone name such as Europe/Berlin.");
  }
  // Today is the platform's today: payments are dated on its clock, which the sandbox can move ahead of ours.
  const { data: platform, platformNow: now } = await readApiWithPlatformNow(
    "/platform/internal-accounts",
    platformInternalAccountListSchema,
  );
  const days = lastDays(now, timeZone, DAYS);
  // A day and a half more than 30 days covers the first local day in every time zone; aggregateVolume keeps
  // only the days asked for.
  const since = new Date(now.getTime() - (DAYS + 1.5) * 24 * 60 * 60 * 1000);

  const [customers, volume] = await Promise.all([customerBalances(), recentTransactions(since)]);

  return Response.json(
    {
      generatedAt: now.toISOString(),
      timeZone,
      days,
      balances: {
        platform: sumBalances(platform.data),
        customers: sumBalances(customers.accounts),
        customerAccountsCounted: customers.accounts.length,
        ...(customers.total !== undefined ? { customerAccountsTotal: customers.total } : {}),
        customersComplete: customers.complete,
      },
      volume: {
        currencies: aggregateVolume(volume.transactions, days, timeZone),
        transactionsCounted: volume.transactions.length,
        complete: volume.complete,
      },
    },
    { headers: NO_STORE },
  );
});
