import { queryKeys } from "../api/keys";
import type { ConsoleEvent } from "./types";

/** Which queries a webhook of a type makes stale. */
function keysForWebhookType(type: string): (readonly string[])[] {
  switch (type) {
    case "INCOMING_PAYMENT":
      // Its sender was screened as it arrived: a potential match is a new alert.
      return [
        queryKeys.approvals,
        queryKeys.transactions,
        queryKeys.accounts,
        queryKeys.overview,
        [...queryKeys.screening, "alerts"],
      ];
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
 * proposal's the proposals and the tokens (and after an approval the configuration it applied), a list
 * source's change the sources and the lists' versions (a fetch may have loaded one), the end of a re-screening the
 * alerts it raised, the subjects' screenings and the queue's cards that show them, and its progress on the lists; a
 * sweep of customers screened the alerts and screenings.
 */
export function keysForEvent(event: ConsoleEvent): (readonly string[])[] {
  if (event.kind === "webhook") return [...keysForWebhookType(event.type), queryKeys.webhooks];
  // The proposals themselves (and the overview's list of what waits), the token page's, the Team page's and the
  // policies' versions, and the emergency hold (a request to turn it off, its confirmation); an approval may have
  // changed the configuration and its history, the team's members, or who sees personal data, too.
  if (event.kind === "proposals") {
    const waiting = [
      [...queryKeys.team, "proposals"],
      [...queryKeys.approvals, "emergency-hold"],
      queryKeys.tokens,
      queryKeys.policies,
    ];
    return event.approval
      ? [queryKeys.config, queryKeys.privacy, queryKeys.team, ...waiting]
      : [[...queryKeys.config, "proposals"], ...waiting];
  }
  if (event.kind === "approval-first") return [queryKeys.approvals];
  if (event.kind === "screening-sources")
    return [
      [...queryKeys.screening, "sources"],
      [...queryKeys.screening, "lists"],
    ];
  if (event.kind === "screening-decided")
    return [[...queryKeys.screening, "alerts"], [...queryKeys.screening, "results"], queryKeys.approvals];
  if (event.kind === "screening-swept")
    return [
      [...queryKeys.screening, "alerts"],
      [...queryKeys.screening, "results"],
    ];
  if (event.kind === "screening-rescreened")
    return [
      [...queryKeys.screening, "alerts"],
      [...queryKeys.screening, "results"],
      [...queryKeys.screening, "lists"],
      queryKeys.approvals,
    ];
  return [queryKeys.approvals, queryKeys.transactions, queryKeys.accounts];
}
