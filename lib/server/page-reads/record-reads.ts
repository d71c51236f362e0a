import "server-only";
import { platformInternalAccountListSchema } from "../../../shared/contract/accounts";
import { platformConfigSchema } from "../../../shared/contract/config";
import { customerSchema } from "../../../shared/contract/customers";
import { transactionSchema } from "../../../shared/contract/transactions";
import { withAccountListDefaults, withConfigDefaults } from "../../universal/api/defaults";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import { loadApprovalQueueEntry } from "../approvals/queue";
import { readApi } from "../payment-api/read";
import { maskedFor, visibleCategories } from "../privacy/visibility";
import type { PageRead } from "./page-read";

// The records the configuration, accounts, customer and transaction pages start with (lib/server/page-reads/page-read.ts).

/** The platform configuration (the configuration page, and the customer forms' rules). */
export const configRead: PageRead = {
  queryKey: queryKeys.config,
  permission: "read",
  read: async () => withConfigDefaults(await readApi("/config", platformConfigSchema)),
};

/** The platform's own internal accounts (the accounts page). */
export const platformAccountsRead: PageRead = {
  queryKey: pageKeys.platformInternalAccounts(),
  permission: "read",
  read: async () =>
    withAccountListDefaults(await readApi("/platform/internal-accounts", platformInternalAccountListSchema)),
};

/** One customer (its page and its edit form); one that does not exist is left to the page's not-found state. */
export const customerRead = (customerId: string): PageRead => ({
  queryKey: queryKeys.customer(customerId),
  permission: "read",
  read: () => readApi(`/customers/${encodeURIComponent(customerId)}`, customerSchema),
});

/**
 * One payment, with its counterparty's personal data masked as the relay masks it for this person's role
 * (lib/server/relay/steps/personal-data.ts): what the page's HTML holds is what the browser's own request would get.
 */
export const transactionRead = (transactionId: string): PageRead => ({
  queryKey: queryKeys.transaction(transactionId),
  permission: "read",
  read: async (user) =>
    maskPersonalData(
      await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema),
      await visibleCategories(user.role),
    ),
});

/**
 * A pending payment's queue entry (GET /api/approvals/:transactionId), masked for the role as the route masks it: its
 * page's actions start with the deadline and the two-person rule's state, on whichever page of the queue it is. A
 * payment waiting for no decision has none; the read fails and is left out (the page then asks for none).
 */
export const approvalEntryRead = (transactionId: string): PageRead => ({
  queryKey: pageKeys.approvalEntry(transactionId),
  permission: "read",
  read: async (user) =>
    JSON.parse(JSON.stringify(await maskedFor(user.role, await loadApprovalQueueEntry(transactionId)))),
});
