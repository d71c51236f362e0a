/** Query keys by resource, so a live event can invalidate exactly what it changed. */
export const queryKeys = {
  approvals: ["approvals"] as const,
  transactions: ["transactions"] as const,
  transaction: (id: string) => ["transactions", id] as const,
  customers: ["customers"] as const,
  customer: (id: string) => ["customers", id] as const,
  accounts: ["accounts"] as const,
  quotes: ["quotes"] as const,
  config: ["config"] as const,
  webhooks: ["webhooks"] as const,
  bulkJobs: ["bulk-jobs"] as const,
  team: ["team"] as const,
  audit: ["audit"] as const,
  invitations: ["invitations"] as const,
  invitation: (code: string) => ["invitations", code] as const,
  sandboxClock: ["sandbox-clock"] as const,
  overview: ["overview"] as const,
  umaProviders: ["uma-providers"] as const,
  tokens: ["tokens"] as const,
  policies: ["policies"] as const,
  screening: ["screening"] as const,
  privacy: ["privacy"] as const,
};

/** How many of the latest transactions the overview lists. */
export const RECENT_TRANSACTIONS = 6;

/**
 * The whole keys of the queries a page may arrive with (lib/server/page-reads): the browser's query options
 * (lib/client/api) and the server's first read build them here, so the two always meet.
 */
export const pageKeys = {
  approvalSummary: () => [...queryKeys.approvals, "summary"] as const,
  approvalQueue: (params: object) => [...queryKeys.approvals, "queue", params] as const,
  approvalEntry: (transactionId: string) => [...queryKeys.approvals, "entry", transactionId] as const,
  audit: (filters: object) => [...queryKeys.audit, filters] as const,
  customerList: (params: object) => [...queryKeys.customers, "list", params] as const,
  quoteList: (params: object) => [...queryKeys.quotes, "list", params] as const,
  transactionList: (params: object) => [...queryKeys.transactions, "list", params] as const,
  recentTransactions: () => pageKeys.transactionList({ limit: RECENT_TRANSACTIONS }),
  overviewBalances: () => [...queryKeys.overview, "balances"] as const,
  inbox: (filters: object) => [...queryKeys.webhooks, "inbox", filters] as const,
  platformInternalAccounts: () => [...queryKeys.accounts, "internal", "platform"] as const,
};
