import { needsTwoApprovers, type Threshold } from "./two-approvers-rule";

export type { Threshold } from "./two-approvers-rule";

/**
 * One currency's change of the two-person rule. `before`/`after` are minimum amounts in minor units, null when the
 * currency has no threshold (one approver). Stricter: more payments need two approvers (a currency added, its
 * minimum lowered); looser: fewer do (a currency removed, its minimum raised).
 */
export interface ThresholdChange {
  currency: string;
  before: number | null;
  after: number | null;
  direction: "stricter" | "looser";
}

function byCurrency(thresholds: readonly Threshold[]): Map<string, number> {
  return new Map(thresholds.map((threshold) => [threshold.currency, threshold.minimumAmount]));
}

/** What changes from `before` to `after`, currency by currency (sorted by code); unchanged currencies are left out. */
export function diffThresholds(before: readonly Threshold[], after: readonly Threshold[]): ThresholdChange[] {
  const was = byCurrency(before);
  const will = byCurrency(after);
  const currencies = [...new Set([...was.keys(), ...will.keys()])].sort();
  const changes: ThresholdChange[] = [];
  for (const currency of currencies) {
    const from = was.get(currency) ?? null;
    const to = will.get(currency) ?? null;
    if (from === to) continue;
    // No threshold is the loosest of all: any minimum is stricter than none, and a lower minimum stricter still.
    const looser = to === null || (from !== null && to > from);
    changes.push({ currency, before: from, after: to, direction: looser ? "looser" : "stricter" });
  }
  return changes;
}

/** Whether going from `before` to `after` lets any payment through with fewer approvers: it needs a second person. */
export function loosensThresholds(before: readonly Threshold[], after: readonly Threshold[]): boolean {
  return diffThresholds(before, after).some((change) => change.direction === "looser");
}

/**
 * The part of `after` that only tightens `before`: per currency the stricter of the two (a currency in either keeps a
 * threshold, the lower minimum wins). Applied at once; the rest of the change waits for a second person.
 */
export function stricterPart(before: readonly Threshold[], after: readonly Threshold[]): Threshold[] {
  const was = byCurrency(before);
  const will = byCurrency(after);
  return [...new Set([...was.keys(), ...will.keys()])].sort().map((currency) => {
    const amounts = [was.get(currency), will.get(currency)].filter(
      (amount): amount is number => amount !== undefined,
    );
    return { currency, minimumAmount: Math.min(...amounts) };
  });
}

/** Whether the thresholds moved since a proposal was made against `proposedAgainst` (order does not matter). */
export function isStaleThresholds(proposedAgainst: readonly Threshold[], now: readonly Threshold[]): boolean {
  return diffThresholds(proposedAgainst, now).length > 0;
}

/**
 * Whether a payment needs two approvers, given the rule recorded when its webhook arrived (null when the console
 * never saw one) and the rule today: the stricter of the two. Loosening the rule later (even through an approved
 * proposal) never lets a payment that arrived under it go with one approver; tightening applies at once. A payment
 * without a recorded rule is judged by today's, which is all there is to go on.
 */
export function needsTwoApproversFor(
  atArrival: readonly Threshold[] | null,
  now: readonly Threshold[],
  currency: string,
  amount: number,
): boolean {
  return (
    needsTwoApprovers(now, currency, amount) ||
    (atArrival !== null && needsTwoApprovers(atArrival, currency, amount))
  );
}

/** A change of the two-person rule waiting for (or decided by) a second person, as the console's endpoints answer it. */
export interface ThresholdsProposal {
  id: string;
  status: "proposed" | "applied" | "declined" | "withdrawn" | "superseded";
  proposedBy: { id: string; name: string; email: string };
  proposedAt: string;
  proposalRequestId: string;
  decidedBy: string | null;
  decidedAt: string | null;
  /** From the rule as it stood once the stricter part was applied, to the proposed one. */
  diff: ThresholdChange[];
  /** The whole rule the proposal puts in place. */
  thresholds: Threshold[];
}
