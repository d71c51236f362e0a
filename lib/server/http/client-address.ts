import "server-only";
import type { IncomingMessage } from "node:http";

/**
 * The private header in which the console's own server (server.ts) hands the client's address to Next.js. Any
 * copy a client sends is replaced before Next.js sees the request, so only server.ts decides it.
 */
export const CLIENT_ADDRESS_HEADER = "x-console-client-address";

const MAX_ADDRESS_LENGTH = 64;

function normalized(address: string | undefined): string | undefined {
  const trimmed = address?.trim().slice(0, MAX_ADDRESS_LENGTH);
  if (!trimmed) return undefined;
  // An IPv4 client of a dual-stack socket: written as IPv4, as a proxy would forward it.
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address, trusting X-Forwarded-For only as far as `trustedHops` proxies of the deployment's own:
 * with none, the socket's address; with N, the Nth entry from the right of X-Forwarded-For (each trusted proxy
 * appends the address it was reached from; anything further left was written by the client and proves nothing).
 * With fewer entries than hops, the leftmost one.
 */
export function forwardedClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  // No proxy of the deployment's own, or no forwarded chain: the socket's address (most requests; no parsing).
  if (trustedHops === 0 || forwardedFor === undefined) return normalized(socketAddress) ?? "unknown";
  const chain = [forwardedFor ?? []]
    .flat()
    .flatMap((header) => header.split(","))
    .map((entry) => entry.trim())
    .filter(Boolean);
  chain.push(socketAddress ?? "");
  const index = Math.max(0, chain.length - 1 - trustedHops);
  return normalized(chain[index]) ?? "unknown";
}

/** Sets the private client-address header on a request that server.ts is about to hand to Next.js. */
export function stampClientAddress(request: IncomingMessage, trustedHops: number): void {
  request.headers[CLIENT_ADDRESS_HEADER] = forwardedClientAddress(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
    trustedHops,
  );
}

/** The address a request came from, for rate limits and the audit log, as server.ts stamped it. */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}
