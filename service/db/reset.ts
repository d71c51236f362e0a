import { sql } from "drizzle-orm";
import type { ServiceDatabase } from "./client";

/** Empties every table of the service (tests only; the route refuses unless reset is enabled). */
export async function resetServiceData(db: ServiceDatabase): Promise<void> {
  await db.execute(sql`
    truncate table webhook_attempts, webhook_events, bulk_job_errors, bulk_jobs, kyc_links, invitations,
      ledger_entries, transactions, quotes, lookups, external_accounts, internal_accounts, customers,
      platform_config, local_clock restart identity cascade
  `);
  await db.execute(sql`delete from graphile_worker._private_jobs`);
}
