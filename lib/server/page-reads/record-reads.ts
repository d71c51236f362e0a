import "server-only";
import { platformInternalAccountListSchema } from "../../../shared/contract/accounts";
import { platformConfigSchema } from "../../../shared/contract/config";
import { customerSchema } from "../../../shared/contract/customers";
import { type Transaction, transactionSchema } from "../../../shared/contract/transactions";
import { withAccountListDefaults, withConfigDefaults } from "../../universal/api/defaults";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import { approvalQueueEntryOf, waitsForDecision } from "../approvals/queue";
import { queueAsReadBy } from "../approvals/queue-for-reader";
import { readApi } from "../payment-api/read";
import { visibleCategories } from "../privacy/visibility";
import { NOT_NEEDED, type PageRead } from "./page-read";

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
 * A payment's page: the payment, with its counterparty's personal data masked as the relay masks it for this person's
 * role (lib/server/relay/steps/personal-data.ts), so that what the page's HTML holds is what the browser's own request
 * would get; and, for a pending incoming payment, its queue entry (GET /api/approvals/:transactionId, masked as the
 * route masks it), so that its actions start with the deadline and the two-person rule's state, on whichever page of
 * the queue it is. The payment is read from the API once for both; a payment that waits for no decision reads no
 * entry (its page asks for none).
 */
export function transactionPageReads(transactionId: string): PageRead[] {
  let answer: Promise<Transaction> | undefined;
  const transaction = () =>
    (answer ??= readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema));
  return [
    {
      queryKey: queryKeys.transaction(transactionId),
      permission: "read",
      read: async (user) => maskPersonalData(await transaction(), await visibleCategories(user.role)),
    },
    {
      queryKey: pageKeys.approvalEntry(transactionId),
      permission: "read",
      read: async (user) => {
        const read = await transaction();
        if (!waitsForDecision(read)) return NOT_NEEDED;
        return JSON.parse(JSON.stringify(await queueAsReadBy(user.role, await approvalQueueEntryOf(read))));
      },
    },
  ];
}
