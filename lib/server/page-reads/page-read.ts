import "server-only";
import { type DehydratedState, dehydrate, QueryClient } from "@tanstack/react-query";
import { can, type Permission } from "../../universal/auth/permissions";
import { within } from "../../universal/time/within";
import { type ConsoleUser, currentUser } from "../auth/session";
import { currentEnvironment } from "../environments/current";
import { log } from "../log/logger";

/**
 * One read a page's client components start with, done on the server as the page renders: the page's HTML then
 * holds its content, instead of a loading state the browser fills in after downloading and running the page's code
 * and making the request itself. Under the query key the client component reads, with what it would have received.
 */
export interface PageRead {
  queryKey: readonly unknown[];
  /** What the browser's own request would need (lib/universal/relay/route-table.ts): a person without it gets nothing here. */
  permission: Permission;
  /**
   * The read, for the signed-in person (what they may see of it, as the relay would answer them); NOT_NEEDED when
   * what the page shows needs none (a payment that waits for no decision has no queue entry to ask about).
   */
  read(user: ConsoleUser): Promise<unknown>;
}

/** What a read answers when the page needs nothing under its key: nothing is put there, and nothing is logged. */
export const NOT_NEEDED: unique symbol = Symbol("not needed");

/**
 * The same reads, made only for people who may also do what the page is for (`permission`): a page that shows
 * someone it is not for them (the sandbox to a viewer, send money in production to a developer) reads nothing.
 */
export const forUsersWho = (permission: Permission, reads: PageRead[]): PageRead[] =>
  reads.map((read) => ({ ...read, permission }));

/**
 * A query key for a log line: its words and ids as they are, a part that is an object (a list's filters) by the names
 * of the filters set in it, never their values (a search's text can be a person's name).
 */
export function describeQueryKey(queryKey: readonly unknown[]): string {
  return queryKey
    .map((part) => {
      if (typeof part !== "object" || part === null) return String(part);
      const set = Object.entries(part)
        .filter(([, value]) => value !== undefined)
        .map(([name]) => name);
      return `{${set.join(",")}}`;
    })
    .join("/");
}

/**
 * How long a page waits for its reads before it is sent without them. The browser then asks itself, as it would
 * have without this, and shows a slow or failing API in its loading and error states.
 */
const PAGE_READ_BUDGET_MS = 800;

/**
 * The reads the signed-in person may make, done at once, as React Query's dehydrated state for a
 * HydrationBoundary; a read that fails or misses the budget is left out (the browser then makes it).
 */
export async function pageReads(reads: PageRead[]): Promise<DehydratedState> {
  const client = new QueryClient();
  const user = await currentUser();
  if (user) {
    const environment = currentEnvironment();
    const allowed = reads.filter((read) => can(user.role, read.permission, environment));
    await Promise.all(
      allowed.map(async (read) => {
        const startedAt = Date.now();
        const data = await within(read.read(user), PAGE_READ_BUDGET_MS).catch(() => undefined);
        if (data === NOT_NEEDED) return;
        if (data === undefined) {
          log.info("page-reads", "left to the browser", {
            query: describeQueryKey(read.queryKey),
            ms: Date.now() - startedAt,
          });
          return;
        }
        client.setQueryData(read.queryKey, data);
      }),
    );
  }
  return dehydrate(client);
}
