import "server-only";
import { z } from "zod";
import type { Environment } from "../../universal/auth/permissions";
import { everyEnvironmentEvery } from "../environments/every-environment";
import { announce } from "../events/announce";
import { log } from "../log/logger";
import { keepCustomerNames } from "../names/older-customers";
import { walkPages } from "../payment-api/read";
import { openAlerts } from "./alerts";
import { customerIdOf, queryOfCustomer, type ScreenedCustomer } from "./customer-query";
import { endSweepTurn, renewSweepTurn, takeSweepTurn } from "./customer-sweep-turn";
import { listsInUse } from "./lists-in-use";
import { latestScreeningsOf, screenSubject, subjectKeyOf } from "./screen-subject";

/** How often the console looks for customers created or changed outside it. */
const CUSTOMER_SWEEP_INTERVAL_MS = 60_000;
// A customer written while the last sweep read the list may carry an updatedAt a little before the newest one it saw.
const OVERLAP_MS = 60_000;
// Customers whose latest screening failed, screened again in one round.
const FAILED_PER_ROUND = 100;

// Only what screening reads: a customer the contract would find fault with elsewhere is still screened.
const customerPage = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      customerType: z.string().optional(),
      fullName: z.string().nullish(),
      birthDate: z.string().nullish(),
      nationality: z.string().nullish(),
      businessInfo: z.object({ legalName: z.string().nullish() }).nullish(),
      // Not screened: kept with the name's words for a search (keepCustomerNames).
      umaAddress: z.string().nullish(),
      platformCustomerId: z.string().nullish(),
      beneficialOwners: z
        .array(z.object({ fullName: z.string().nullish(), emailAddress: z.string().nullish() }))
        .nullish(),
      isDeleted: z.boolean().optional(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
    }),
  ),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});

export interface SweepResult {
  /** Customers read from the API. */
  read: number;
  /** Customers screened now: never screened before, or their name, birth date or nationality changed since. */
  screened: number;
  /** The newest updatedAt read (the API's clock), for the next sweep; null when none was read. */
  newest: Date | null;
  /** Whether every page was read (false: `goOn` said stop). */
  complete: boolean;
}

/**
 * The customers of one page of GET /customers screened where the console has not screened them as they are now (no
 * screening yet, a failed one, or one of other data: a rename since); deleted ones are left alone. Answers how many
 * it screened. The sweep and a bulk import's screening (screen-imported.ts) both read customers this way.
 */
export async function screenCustomersAsTheyAreNow(
  customers: readonly (ScreenedCustomer & { isDeleted?: boolean | undefined })[],
): Promise<number> {
  const ids = customers.map((customer) => customerIdOf(customer)).filter((id) => id !== undefined);
  const latest = await latestScreeningsOf("customer", ids);
  let screened = 0;
  for (const customer of customers) {
    const id = customerIdOf(customer);
    const query = queryOfCustomer(customer);
    if (!id || !query || customer.isDeleted === true) continue;
    const stored = latest.get(id);
    // A screening that failed (the lists could not be read) is done again whenever the customer is read again: a
    // change to them, or the next sweep's minute of overlap; and by the sweep's next round (screenFailedCustomersAgain).
    if (stored && stored.status !== "failed" && subjectKeyOf(stored.query) === subjectKeyOf(query)) continue;
    await screenSubject({ type: "customer", id }, query);
    screened += 1;
  }
  return screened;
}

/**
 * Every customer changed at the API since `since` (all of them when null), screened where the console has not screened
 * them as they are now (screenCustomersAsTheyAreNow): a customer the platform's own systems created with POST
 * /customers, one hosted KYC created, or one changed outside the console is otherwise never screened (issue 48
 * screened only what the console itself created or changed), and a list update screens again only the stored ones.
 * A sweep that reads one twice screens it once; a failed screening stands as an open alert meanwhile. The words of
 * every customer's name, UMA address, platform id and business's people it reads are kept for a search by words
 * (keepCustomerNames).
 */
export async function screenCustomersChangedSince(
  since: Date | null,
  goOn: () => Promise<boolean> = async () => true,
): Promise<SweepResult> {
  const filters = new URLSearchParams(since ? { updatedAfter: since.toISOString() } : {});
  const result: SweepResult = { read: 0, screened: 0, newest: null, complete: false };
  for await (const page of walkPages("/customers", filters, customerPage)) {
    result.read += page.data.length;
    for (const customer of page.data) {
      const updatedAt = customer.updatedAt ? new Date(customer.updatedAt) : null;
      if (updatedAt && !Number.isNaN(updatedAt.getTime()) && (!result.newest || updatedAt > result.newest)) {
        result.newest = updatedAt;
      }
    }
    result.screened += await screenCustomersAsTheyAreNow(page.data);
    await keepCustomerNames(page.data);
    if (!(await goOn())) return result;
  }
  result.complete = true;
  return result;
}

/**
 * Customers whose latest screening failed before this console's lists were readable, screened again as they were
 * read then (a change to one since is the sweep's to read). One that failed with the lists readable is left as the
 * open alert it is: screening it each round would only store another failure. Answers how many.
 */
async function screenFailedCustomersAgain(): Promise<number> {
  const lists = await listsInUse().catch(() => null);
  if (!lists) return 0;
  const failed = (await openAlerts()).data
    .filter(
      (record) =>
        record.subjectType === "customer" &&
        record.status === "failed" &&
        Date.parse(record.screenedAt) < lists.loadedAt.getTime(),
    )
    .slice(0, FAILED_PER_ROUND);
  for (const record of failed) await screenSubject({ type: "customer", id: record.subjectId }, record.query);
  return failed.length;
}

/**
 * One round of the sweep in the current environment, when no other console on this database is sweeping it (the turn,
 * customer-sweep-turn.ts): customers changed since the last round of any console ended, then those whose screening
 * failed. Answers how many it screened; null when another console had the turn.
 */
export async function sweepCustomersOnce(environment: Environment): Promise<number | null> {
  const turn = await takeSweepTurn(environment);
  if (!turn) return null;
  let done: SweepResult | undefined;
  try {
    done = await screenCustomersChangedSince(turn.since, () => renewSweepTurn(turn));
    return done.screened + (done.complete ? await screenFailedCustomersAgain() : 0);
  } finally {
    const newest = done?.complete ? done.newest : null;
    await endSweepTurn(turn, newest ? new Date(newest.getTime() - OVERLAP_MS) : undefined);
  }
}

/**
 * At console start: a round of the sweep in each environment at once (sweepCustomersOnce), then every
 * CUSTOMER_SWEEP_INTERVAL_MS. A round that fails is logged and the next one starts from the same place; one never
 * overlaps another, in this console or any other on the same database.
 */
export function startCustomerScreeningSweep(): void {
  everyEnvironmentEvery(
    CUSTOMER_SWEEP_INTERVAL_MS,
    "screening",
    "the sweep for customers to screen failed",
    async (environment) => {
      const screened = await sweepCustomersOnce(environment);
      if (!screened) return;
      log.info("screening", "screened customers created or changed outside the console", {
        environment,
        screened,
      });
      // Open Screening pages, customers' pages and the navigation's count read the new screenings at once.
      await announce({ kind: "screening-swept", environment });
    },
  );
}
