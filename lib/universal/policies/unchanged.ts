import { diffPolicies } from "./diff";
import type { PolicyDocument } from "./rules";

/**
 * Whether a version would change nothing against the version in force: the same rules (by their ids, names,
 * conditions, outcomes and order) and the same allow-listed domains, as the page's diff reads them. Proposing it
 * would ask a second person to put in force what is in force already. No version in force: anything changes.
 */
export function unchangedAgainst(active: PolicyDocument | null, next: PolicyDocument): boolean {
  return active !== null && diffPolicies(active, next).same;
}

/** Why such a version cannot be proposed, in the words the server's refusal and the page both use. */
export const unchangedReason = (version: number, active: number) =>
  `v${version} is the same as v${active}, the version in force: change a rule or the allow-list before proposing it.`;
