import { queryKeys } from "../api/keys";
import type { ConsoleEvent } from "./types";

/** Which queries a webhook of a type makes stale. */
function keysForWebhookType(type: string): (readonly string[])[] {
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

/**
 * Which queries a console event makes stale: a webhook's by its type (and the inbox), a decision the queue's, a list
 * source's change the sources and the lists' versions (a fetch may have loaded one).
 */
export function keysForEvent(event: ConsoleEvent): (readonly string[])[] {
  if (event.kind === "webhook") return [...keysForWebhookType(event.type), queryKeys.webhooks];
  if (event.kind === "screening-sources")
    return [
      [...queryKeys.screening, "sources"],
      [...queryKeys.screening, "lists"],
    ];
  return [queryKeys.approvals, queryKeys.transactions, queryKeys.accounts];
}
