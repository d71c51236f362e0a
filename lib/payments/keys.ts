import type { ConsoleEvent } from "../events/types";

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
};

/** Which queries a webhook of a type makes stale. */
export function keysForWebhookType(type: string): (readonly string[])[] {
  switch (type) {
    case "INCOMING_PAYMENT":
      return [queryKeys.approvals, queryKeys.transactions, queryKeys.accounts, queryKeys.overview];
    case "OUTGOING_PAYMENT":
      return [queryKeys.transactions, queryKeys.quotes, queryKeys.accounts, queryKeys.overview];
    case "ACCOUNT_STATUS":
      return [queryKeys.accounts, queryKeys.overview];
    case "INVITATION_CLAIMED":
      return [queryKeys.invitations];
    case "KYC_STATUS":
      return [queryKeys.customers];
    case "BULK_UPLOAD":
      return [queryKeys.bulkJobs, queryKeys.customers];
    default:
      return [];
  }
}

/** Which queries a console event makes stale: a webhook's by its type (and the inbox), a decision the queue's. */
export function keysForEvent(event: ConsoleEvent): (readonly string[])[] {
  return event.kind === "webhook"
    ? [...keysForWebhookType(event.type), queryKeys.webhooks]
    : [queryKeys.approvals, queryKeys.transactions, queryKeys.accounts];
}
