import "server-only";
import type { IncomingHttpHeaders } from "node:http";

/** What the console's checks read of a request's headers: a fetch `Headers` and a Node request both provide it. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A request as the guard sees it: its headers and its absolute URL. */
export interface RequestHead {
  headers: HeaderReader;
  url: string;
}

/**
 * Node's header record read the way `Headers.get` reads it: lower-case names, repeated values joined. `fallback`
 * answers for headers the request did not send (as Next.js adds X-Forwarded-Proto before its handlers run).
 */
export function nodeHeaderReader(
  headers: IncomingHttpHeaders,
  fallback: Record<string, string> = {},
): HeaderReader {
  return {
    get(name) {
      const key = name.toLowerCase();
      const value = headers[key];
      if (value === undefined) return fallback[key] ?? null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
