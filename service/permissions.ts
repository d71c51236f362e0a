import type { TokenPermission } from "../shared/contract";
import { BASE_PATH } from "./config";

/** Areas that only a MANAGE token may change (api-notes §8: platform config, API tokens and customers). */
const MANAGED_PREFIXES = ["/config", "/tokens", "/customers", "/platform/external-accounts", "/webhooks"];

/**
 * Reads that create or hand out something a MANAGE token owns: the KYC link is a GET, but whoever opens it creates a
 * customer, so it needs MANAGE as customers do (the console asks `customers.write` for it; issue 46 item 9).
 */
const MANAGED_READS = ["/customers/kyc-link"];

/**
 * The permission a token needs for a route (its method and its pattern, as registered): VIEW reads everything but
 * the tokens themselves and the KYC link; TRANSACT sends and decides payments (quotes, transfers, approvals, invitations, the
 * sandbox); MANAGE changes the configuration, the tokens and the customers.
 */
export function requiredPermission(method: string, routeUrl: string): TokenPermission {
  const path = routeUrl.startsWith(BASE_PATH) ? routeUrl.slice(BASE_PATH.length) : routeUrl;
  const managed = MANAGED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (method === "GET" || method === "HEAD") {
    return path.startsWith("/tokens") || MANAGED_READS.includes(path) ? "MANAGE" : "VIEW";
  }
  return managed ? "MANAGE" : "TRANSACT";
}
