import "server-only";
import { type DehydratedState, dehydrate, QueryClient } from "@tanstack/react-query";
import { platformInternalAccountListSchema } from "../../shared/contract/accounts";
import { platformConfigSchema } from "../../shared/contract/config";
import { customerSchema } from "../../shared/contract/customers";
import { transactionSchema } from "../../shared/contract/transactions";
import { can, type Permission } from "../auth/permissions";
import { type ConsoleUser, currentUser } from "../auth/session";
import { currentEnvironment } from "../environments/current";
import { log } from "../log/logger";
import { platformInternalAccountsQuery } from "../payments/accounts";
import { configQuery } from "../payments/config";
import { customerDetailQuery } from "../payments/customers";
import { withAccountListDefaults, withConfigDefaults } from "../payments/defaults";
import { transactionQuery } from "../payments/transactions";
import { maskPersonalData } from "../privacy/mask-transaction";
import { visibleCategories } from "../privacy/visibility";
import { within } from "../time/within";
import { readApi } from "./read";

/**
 * One read a page's client components start with, done on the server as the page renders: the page's HTML then
 * holds its content, instead of a loading state the browser fills in after downloading and running the page's code
 * and making the request itself. Under the query key the client component reads, with what it would have received.
 */
export interface PageRead {
  queryKey: readonly unknown[];
  /** What the browser's own request would need (lib/relay/route-table.ts): a person without it gets nothing here. */
  permission: Permission;
  /** The read, for the signed-in person (what they may see of it, as the relay would answer them). */
  read(user: ConsoleUser): Promise<unknown>;
}

/** The platform configuration (the configuration page, and the customer forms' rules). */
export const configRead: PageRead = {
  queryKey: configQuery().queryKey,
  permission: "read",
  read: async () => withConfigDefaults(await readApi("/config", platformConfigSchema)),
};

/** The platform's own internal accounts (the accounts page). */
export const platformAccountsRead: PageRead = {
  queryKey: platformInternalAccountsQuery().queryKey,
  permission: "read",
  read: async () =>
    withAccountListDefaults(await readApi("/platform/internal-accounts", platformInternalAccountListSchema)),
};

/** One customer (its page and its edit form); one that does not exist is left to the page's not-found state. */
export const customerRead = (customerId: string): PageRead => ({
  queryKey: customerDetailQuery(customerId).queryKey,
  permission: "read",
  read: () => readApi(`/customers/${encodeURIComponent(customerId)}`, customerSchema),
});

/**
 * One payment, with its counterparty's personal data masked as the relay masks it for this person's role
 * (lib/relay/steps/personal-data.ts): what the page's HTML holds is what the browser's own request would get.
 */
export const transactionRead = (transactionId: string): PageRead => ({
  queryKey: transactionQuery(transactionId).queryKey,
  permission: "read",
  read: async (user) =>
    maskPersonalData(
      await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema),
      await visibleCategories(user.role),
    ),
});

/**
 * How long a page waits for its reads before it is sent without them. The browser then asks itself, as it would
 * have without this, and shows a slow or failing API in its loading and error states.
 */
export const PAGE_READ_BUDGET_MS = 800;

/**
 * The reads the signed-in person may make, done at once, as React Query's dehydrated state for a
 * HydrationBoundary; a read that fails or misses the budget is left out (the browser then makes it).
 */
export async function pageReads(reads: PageRead[]): Promise<DehydratedState> {
  const client = new QueryClient();
  const user = await currentUser();
  if (user) {
    const environment = currentEnvironment();
    const allowed = reads.filter((read) => can(user.role, read.permission, environment));
    await Promise.all(
      allowed.map(async (read) => {
        const startedAt = Date.now();
        const data = await within(read.read(user), PAGE_READ_BUDGET_MS).catch(() => undefined);
        if (data === undefined) {
          log.info("page-reads", "left to the browser", {
            query: read.queryKey.join("/"),
            ms: Date.now() - startedAt,
          });
          return;
        }
        client.setQueryData(read.queryKey, data);
      }),
    );
  }
  return dehydrate(client);
}
