import "server-only";
import { customerListSchema } from "../../../shared/contract/customers";
import { quoteListSchema } from "../../../shared/contract/quotes";
import { transactionListSchema } from "../../../shared/contract/transactions";
import { pageKeys, queryKeys, RECENT_TRANSACTIONS } from "../../universal/api/keys";
import { readsReasonsAboutSenders } from "../../universal/privacy/reason-withheld";
import { loadApprovalSummary } from "../approvals/queue";
import { queueAsReadBy } from "../approvals/queue-for-reader";
import { listAuditEvents, listAuditQuerySchema } from "../audit/query";
import { listUsers } from "../auth/users";
import { getConsoleDatabase } from "../db";
import { readApi } from "../payment-api/read";
import { maskedFor, visibleCategories } from "../privacy/visibility";
import { presentUser } from "../team/present";
import { overviewBalances } from "../transactions/overview-figures";
import { listInboxFor, listInboxQuerySchema } from "../webhooks/inbox-list";
import type { PageRead } from "./page-read";

// The first page of each list, for a page opened with nothing in its address (components/shell/with-page-reads.tsx,
// WithFirstPage): the query key and the request are the ones the list's client component makes for an empty address
// (no filters, no cursor).

/** What the browser receives: the routes answer JSON, so no Date or undefined survives into the page's state. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** GET /transactions, counterparty data masked for the role as the relay masks it. */
export const transactionListRead: PageRead = {
  queryKey: pageKeys.transactionList({}),
  permission: "read",
  read: async (user) => maskedFor(user.role, await readApi("/transactions", transactionListSchema)),
};

/** GET /quotes, masked like transactions (a quote names its receiver). */
export const quoteListRead: PageRead = {
  queryKey: pageKeys.quoteList({}),
  permission: "read",
  read: async (user) => maskedFor(user.role, await readApi("/quotes", quoteListSchema)),
};

/** GET /customers, without deleted ones (the list's default). */
export const customerListRead: PageRead = {
  queryKey: pageKeys.customerList({ isIncludingDeleted: false }),
  permission: "read",
  read: () => readApi("/customers", customerListSchema),
};

/** The webhook inbox's verified events (GET /api/inbox). */
export const inboxRead: PageRead = {
  queryKey: pageKeys.inbox({ unverified: false }),
  permission: "read",
  read: async (user) => asJson(await listInboxFor(user.role, listInboxQuerySchema.parse({}))),
};

/** The audit log's first page (GET /api/audit?limit=50), as the first page of its infinite query. */
export const auditRead: PageRead = {
  queryKey: pageKeys.audit({}),
  permission: "audit.read",
  read: async (user) => ({
    pages: [
      asJson(
        await listAuditEvents(listAuditQuerySchema.parse({ limit: 50 }), {
          readsSenderReasons: readsReasonsAboutSenders(await visibleCategories(user.role)),
        }),
      ),
    ],
    pageParams: [undefined],
  }),
};

/** The console's members (GET /api/team). */
export const teamRead: PageRead = {
  queryKey: queryKeys.team,
  permission: "read",
  read: async () => asJson({ data: (await listUsers(getConsoleDatabase())).map(presentUser) }),
};

/** The overview's balances (GET /api/overview/balances): its days are the reader's, left to the browser. */
export const overviewBalancesRead: PageRead = {
  queryKey: pageKeys.overviewBalances(),
  permission: "read",
  read: async () => asJson(await overviewBalances()),
};

/** The overview's latest transactions (GET /transactions?limit=6), masked like the transactions list. */
export const recentTransactionsRead: PageRead = {
  queryKey: pageKeys.recentTransactions(),
  permission: "read",
  read: async (user) =>
    maskedFor(user.role, await readApi(`/transactions?limit=${RECENT_TRANSACTIONS}`, transactionListSchema)),
};

/** The overview's count of payments waiting and the soonest few (GET /api/approvals/summary), masked for the role. */
export const approvalSummaryRead: PageRead = {
  queryKey: pageKeys.approvalSummary(),
  permission: "read",
  read: async (user) => asJson(await queueAsReadBy(user.role, await loadApprovalSummary())),
};
