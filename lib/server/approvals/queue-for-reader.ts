import "server-only";
import type { Role } from "../../universal/auth/permissions";
import { decide } from "../../universal/auth/permissions";
import { screeningsOutcomeOnly } from "../../universal/privacy/screening-outcome-only";
import { currentEnvironment } from "../environments/current";
import { maskedFor } from "../privacy/visibility";

/**
 * What the approval queue answers (a page, one entry, the overview's summary) as a person of `role` may read it: the
 * senders' data masked where the role may not see it, and, for a role that does not read screenings, each sender's
 * screening cut to its outcome (lib/universal/privacy/screening-outcome-only.ts). Every route and page read of the
 * queue answers through this one.
 */
export async function queueAsReadBy<T>(role: Role, json: T): Promise<T> {
  const masked = await maskedFor(role, json);
  return decide(role, "screening.read", currentEnvironment()).allowed
    ? masked
    : screeningsOutcomeOnly(masked);
}
