import type { z } from "zod";
import {
  approveTransactionBodySchema,
  claimInvitationBodySchema,
  createCustomerBodySchema,
  createCustomerExternalAccountBodySchema,
  createInvitationBodySchema,
  createPlatformExternalAccountBodySchema,
  createQuoteBodySchema,
  createTokenBodySchema,
  createTransferInBodySchema,
  createTransferOutBodySchema,
  fundSandboxInternalAccountBodySchema,
  getCustomerKycLinkQuerySchema,
  listCustomerExternalAccountsQuerySchema,
  listCustomerInternalAccountsQuerySchema,
  listCustomersQuerySchema,
  listPlatformExternalAccountsQuerySchema,
  listPlatformInternalAccountsQuerySchema,
  listQuotesQuerySchema,
  listTokensQuerySchema,
  listTransactionsQuerySchema,
  listUmaProvidersQuerySchema,
  lookupExternalAccountQuerySchema,
  lookupReceiverQuerySchema,
  receiveSandboxUmaPaymentBodySchema,
  retryQuoteBodySchema,
  sendSandboxPaymentBodySchema,
  updateCustomerBodySchema,
} from "../../../shared/contract";
import { consoleRejectBodySchema } from "../approvals/reject-body";
import type { Permission } from "../auth/permissions";
import { consoleUpdateConfigBodySchema } from "../config/endpoint-limits";

/** Every method the route table has a route for. */
export const RELAY_METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;
export type ProxyMethod = (typeof RELAY_METHODS)[number];

export interface ProxyRoute {
  method: ProxyMethod;
  /** Upstream path relative to the API's base URL; `:name` matches one segment. */
  path: string;
  permission: Permission;
  /** Audit action; every mutation has one, and a GET with one is audited too (it hands out something). */
  action?: string;
  /** The path parameter naming the target of the action. */
  target?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A multipart or other non-JSON body that streams through unparsed. */
  streamBody?: boolean;
  /** Exists only while the configured environment is sandbox. */
  sandbox?: boolean;
  /** The local service's own extensions (`/_local/…` on its origin), offered only when it is the upstream. */
  local?: boolean;
  /** A live-update event announced after a successful call. */
  announce?: "approval-decided";
  /**
   * Fields of the answer that are secrets shown once (an API token's clientSecret): passed to the person who asked
   * and never kept by the console, so the answer stored for a repeated request goes without them.
   */
  secretFields?: readonly string[];
}

/**
 * Everything the browser may ask of the payment API through the console. Anything not listed here is 404.
 * Order matters where a literal segment and a parameter compete (`/customers/internal-accounts` before
 * `/customers/:customerId`).
 */
/**
 * The audit actions of a person's decision on a held payment, and what each decided: announced to open pages as the
 * decision is made, and read back from the audit log by the payment's timeline.
 */
export const DECISION_ACTIONS = { "payment.approve": "approved", "payment.reject": "rejected" } as const;

export function decisionOf(
  action: string,
): (typeof DECISION_ACTIONS)[keyof typeof DECISION_ACTIONS] | undefined {
  return Object.hasOwn(DECISION_ACTIONS, action)
    ? DECISION_ACTIONS[action as keyof typeof DECISION_ACTIONS]
    : undefined;
}

export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { method: "GET", path: "/config", permission: "read" },
  {
    method: "PATCH",
    path: "/config",
    permission: "config.write",
    action: "config.update",
    // The contract's body, with the console's limit on the endpoint's length (the API's reference gives none).
    body: consoleUpdateConfigBodySchema,
  },
  { method: "POST", path: "/webhooks/test", permission: "webhooks.test", action: "webhooks.test" },

  { method: "GET", path: "/customers", permission: "read", query: listCustomersQuerySchema },
  {
    method: "POST",
    path: "/customers",
    permission: "customers.write",
    action: "customer.create",
    body: createCustomerBodySchema,
  },
  {
    method: "GET",
    path: "/customers/kyc-link",
    permission: "customers.write",
    action: "customer.kyc_link",
    query: getCustomerKycLinkQuerySchema,
  },
  {
    method: "POST",
    path: "/customers/bulk/csv",
    permission: "customers.write",
    action: "customer.bulk_import",
    streamBody: true,
  },
  { method: "GET", path: "/customers/bulk/jobs/:jobId", permission: "read" },
  {
    method: "GET",
    path: "/customers/internal-accounts",
    permission: "read",
    query: listCustomerInternalAccountsQuerySchema,
  },
  {
    method: "GET",
    path: "/customers/external-accounts",
    permission: "read",
    query: listCustomerExternalAccountsQuerySchema,
  },
  {
    method: "POST",
    path: "/customers/external-accounts",
    permission: "customers.write",
    action: "customer.external_account.create",
    body: createCustomerExternalAccountBodySchema,
  },
  { method: "GET", path: "/customers/:customerId", permission: "read" },
  {
    method: "PATCH",
    path: "/customers/:customerId",
    permission: "customers.write",
    action: "customer.update",
    target: "customerId",
    body: updateCustomerBodySchema,
  },
  {
    method: "DELETE",
    path: "/customers/:customerId",
    permission: "customers.write",
    action: "customer.delete",
    target: "customerId",
  },

  {
    method: "GET",
    path: "/platform/internal-accounts",
    permission: "read",
    query: listPlatformInternalAccountsQuerySchema,
  },
  {
    method: "GET",
    path: "/platform/external-accounts",
    permission: "read",
    query: listPlatformExternalAccountsQuerySchema,
  },
  {
    method: "POST",
    path: "/platform/external-accounts",
    permission: "config.write",
    action: "platform.external_account.create",
    body: createPlatformExternalAccountBodySchema,
  },

  { method: "GET", path: "/quotes", permission: "read", query: listQuotesQuerySchema },
  {
    method: "POST",
    path: "/quotes",
    permission: "money.move",
    action: "quote.create",
    body: createQuoteBodySchema,
  },
  { method: "GET", path: "/quotes/:quoteId", permission: "read" },
  {
    method: "POST",
    path: "/quotes/:quoteId/execute",
    permission: "money.move",
    action: "quote.execute",
    target: "quoteId",
  },
  {
    method: "POST",
    path: "/quotes/:quoteId/retry",
    permission: "money.move",
    action: "payment.retry",
    target: "quoteId",
    body: retryQuoteBodySchema,
  },

  { method: "GET", path: "/transactions", permission: "read", query: listTransactionsQuerySchema },
  { method: "GET", path: "/transactions/:transactionId", permission: "read" },
  {
    method: "POST",
    path: "/transactions/:transactionId/approve",
    permission: "approvals.decide",
    action: "payment.approve",
    target: "transactionId",
    body: approveTransactionBodySchema,
    announce: "approval-decided",
  },
  {
    method: "POST",
    path: "/transactions/:transactionId/reject",
    permission: "approvals.decide",
    action: "payment.reject",
    target: "transactionId",
    // The console asks more than the API: a reason of at least ten letters or digits (lib/universal/approvals/reject-body.ts).
    body: consoleRejectBodySchema,
    announce: "approval-decided",
  },
  {
    method: "POST",
    path: "/transfer-in",
    permission: "money.move",
    action: "transfer.in",
    body: createTransferInBodySchema,
  },
  {
    method: "POST",
    path: "/transfer-out",
    permission: "money.move",
    action: "transfer.out",
    body: createTransferOutBodySchema,
  },

  {
    method: "GET",
    path: "/receiver/uma/:receiverUmaAddress",
    permission: "read",
    query: lookupReceiverQuerySchema,
  },
  // The same lookup for an external account (api-notes §8), before a quote pays it: a read, as for UMA.
  {
    method: "GET",
    path: "/receiver/external-account/:accountId",
    permission: "read",
    query: lookupExternalAccountQuerySchema,
  },
  {
    method: "POST",
    path: "/invitations",
    permission: "money.move",
    action: "invitation.create",
    body: createInvitationBodySchema,
  },
  { method: "GET", path: "/invitations/:invitationCode", permission: "read" },
  { method: "GET", path: "/uma-providers", permission: "read", query: listUmaProvidersQuerySchema },

  // API tokens: admins create and revoke them; the secret passes through once and is never stored here. POST /tokens
  // creates a View token only: Transact or Manage is a second admin's decision (lib/server/relay/steps/token-four-eyes.ts).
  { method: "GET", path: "/tokens", permission: "config.write", query: listTokensQuerySchema },
  {
    method: "POST",
    path: "/tokens",
    permission: "config.write",
    action: "token.create",
    body: createTokenBodySchema,
    secretFields: ["clientSecret"],
  },
  { method: "GET", path: "/tokens/:tokenId", permission: "config.write" },
  {
    method: "DELETE",
    path: "/tokens/:tokenId",
    permission: "config.write",
    action: "token.revoke",
    target: "tokenId",
  },
  {
    method: "POST",
    path: "/invitations/:invitationCode/claim",
    permission: "money.move",
    action: "invitation.claim",
    target: "invitationCode",
    body: claimInvitationBodySchema,
  },
  {
    method: "POST",
    path: "/invitations/:invitationCode/cancel",
    permission: "money.move",
    action: "invitation.cancel",
    target: "invitationCode",
  },

  {
    method: "POST",
    path: "/sandbox/internal-accounts/:accountId/fund",
    permission: "sandbox.use",
    action: "sandbox.fund",
    target: "accountId",
    body: fundSandboxInternalAccountBodySchema,
    sandbox: true,
  },
  {
    method: "POST",
    path: "/sandbox/send",
    permission: "sandbox.use",
    action: "sandbox.send",
    body: sendSandboxPaymentBodySchema,
    sandbox: true,
  },
  {
    method: "POST",
    path: "/sandbox/uma/receive",
    permission: "sandbox.use",
    action: "sandbox.receive",
    body: receiveSandboxUmaPaymentBodySchema,
    sandbox: true,
  },

  { method: "GET", path: "/_local/clock", permission: "read", local: true },
  {
    method: "POST",
    path: "/_local/clock/advance",
    permission: "sandbox.use",
    action: "sandbox.clock_advance",
    sandbox: true,
    local: true,
  },
  { method: "GET", path: "/_local/webhook-deliveries", permission: "read", local: true },
  { method: "GET", path: "/_local/webhook-public-key", permission: "read", local: true },
];

export interface RouteMatch {
  route: ProxyRoute;
  params: Record<string, string>;
}

/**
 * Finds the route for a method and decoded path segments. Segments that could change the path's meaning after
 * forwarding ("", ".", "..", anything holding a slash or a backslash) match nothing.
 */
export function matchProxyRoute(method: string, segments: readonly string[]): RouteMatch | null {
  if (
    segments.some((segment) => segment === "" || segment === "." || segment === ".." || /[/\\]/.test(segment))
  ) {
    return null;
  }
  for (const { route, parts } of ROUTES_BY_METHOD.get(method) ?? []) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matched = true;
    parts.forEach((part, index) => {
      const segment = segments[index] ?? "";
      if (part.startsWith(":")) params[part.slice(1)] = segment;
      else if (part !== segment) matched = false;
    });
    if (matched) return { route, params };
  }
  return null;
}

/** The table by method, each path split once (not on every request), in the table's order. */
const ROUTES_BY_METHOD = new Map<string, { route: ProxyRoute; parts: string[] }[]>();
for (const route of PROXY_ROUTES) {
  const routes = ROUTES_BY_METHOD.get(route.method) ?? [];
  routes.push({ route, parts: route.path.slice(1).split("/") });
  ROUTES_BY_METHOD.set(route.method, routes);
}

/** Methods allowed on a path, for a 405's Allow header. */
export function allowedMethods(segments: readonly string[]): ProxyMethod[] {
  return RELAY_METHODS.filter((method) => matchProxyRoute(method, segments) !== null);
}
