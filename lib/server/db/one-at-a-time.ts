import "server-only";
import { sql } from "drizzle-orm";
import type { ConsoleDatabase } from "./client";
import { getConsoleDatabase } from "./index";

type Transaction = Parameters<Parameters<ConsoleDatabase["transaction"]>[0]>[0];

/**
 * Runs `work` in a transaction holding the advisory lock named `key`: one at a time across every console sharing
 * the database (behind a load balancer), not only within this process. The lock ends with the transaction.
 */
export function oneAtATimeAcrossConsoles<T>(key: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return getConsoleDatabase().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    return work(tx);
  });
}
