import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { bulkCustomerImportJobSchema } from "../../../shared/contract/bulk-customers";
import { customerListSchema } from "../../../shared/contract/customers";
import { log } from "../log/logger";
import { readApi, walkPages } from "../payment-api/read";
import { screenCustomersAsTheyAreNow } from "./customer-sweep";

const ENDED = new Set(["COMPLETED", "FAILED"]);

export interface ImportScreeningOptions {
  /** How often the job is read while it runs, and for how long at most. */
  pollMs?: number;
  maxWaitMs?: number;
}

/**
 * After a bulk import the console started (issue 48: customers are screened on create, update and bulk import):
 * waits for the job to end, then screens every customer created since the upload not screened as they are, as a
 * customer created through the console is. The job object names no customers, so they are found by their creation
 * time (`since`, with a margin for the API's clock) and the ones already screened as they are are left alone
 * (screenCustomersAsTheyAreNow). Answers how many it screened.
 */
export async function screenImportedCustomers(
  jobId: string,
  since: Date,
  { pollMs = 1_000, maxWaitMs = 30 * 60_000 }: ImportScreeningOptions = {},
): Promise<number> {
  const path = `/customers/bulk/jobs/${encodeURIComponent(jobId)}`;
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const job = await readApi(path, bulkCustomerImportJobSchema);
    if (ENDED.has(job.status)) break;
    if (Date.now() > deadline) {
      log.warn("screening", "a bulk import did not end in time; its customers were not screened", { jobId });
      return 0;
    }
    await sleep(pollMs);
  }
  let screened = 0;
  const filters = new URLSearchParams({ createdAfter: since.toISOString() });
  for await (const page of walkPages("/customers", filters, customerListSchema)) {
    screened += await screenCustomersAsTheyAreNow(page.data);
  }
  log.info("screening", "screened the customers of a bulk import", { jobId, screened });
  return screened;
}
