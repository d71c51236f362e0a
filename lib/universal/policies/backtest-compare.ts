import { type Evaluation, evaluate, holdFor, type PolicyFacts } from "./evaluate";
import { fallbackWords, type PolicyEvaluationView } from "./evaluation-view";
import type { EvaluationFallback, PolicyDocument } from "./rules";

export type WasDecision = "approve" | "reject" | "hold" | "unknown";

export interface WhatHappened {
  decision: WasDecision;
  by: string;
}

/** A person's decision on a payment, from the audit log, with the person's name (null: no longer on the team). */
export interface PersonDecision {
  decision: "approve" | "reject";
  name: string | null;
}

/** Where the payment stands at the payment API now: its status, and why it failed when it did. */
export interface OutcomeAtApi {
  status: string;
  failureReason?: string | undefined;
}

// A payment that reached one of these left PENDING by an approval (as the transaction timeline reads them).
const APPROVED_STATUSES = new Set(["PROCESSING", "COMPLETED", "REFUNDED"]);

/** Who decided a payment that left PENDING with neither a person's decision here nor the console's answer. */
export const DECIDED_AT_THE_API = "a decision at the API (not through this console)";

/** What the API says of a payment nobody here decided: decided there, still waiting, or ended undecided. */
function fromApi(outcome: OutcomeAtApi): WhatHappened | null {
  if (outcome.status === "REJECTED") return { decision: "reject", by: DECIDED_AT_THE_API };
  if (APPROVED_STATUSES.has(outcome.status)) return { decision: "approve", by: DECIDED_AT_THE_API };
  if (outcome.status === "PENDING") return { decision: "hold", by: "the API (still waiting for a decision)" };
  if (outcome.status === "FAILED") {
    return {
      decision: "hold",
      by:
        outcome.failureReason === "PAYMENT_APPROVAL_TIMED_OUT"
          ? "the API until it timed out (no one decided)"
          : `the API until it failed (${outcome.failureReason ?? "no reason given"})`,
    };
  }
  return null;
}

/**
 * What actually happened to a pending payment: a person's decision wins (they decided after any hold); else the
 * policies' automatic approval or rejection; else how the console answered its webhook (200 approve, 403 reject);
 * else a decision the API records that came from neither (an API credential used directly, or the history a fresh
 * start replays: docs/decisions/0061); else it was held (by a policy, or, before policies, by the console's answer
 * 202), or nobody decided it before it timed out; else unknown.
 */
export function whatHappened(
  person: PersonDecision | undefined,
  evaluation: PolicyEvaluationView | undefined,
  answeredStatus: number | undefined,
  atApi?: OutcomeAtApi,
): WhatHappened {
  if (person) return { decision: person.decision, by: person.name ?? "a person no longer on the team" };
  if (evaluation && evaluation.decision !== "hold")
    return { decision: evaluation.decision, by: policyBy(evaluation) };
  if (answeredStatus === 200) return { decision: "approve", by: "the console (webhook answer)" };
  if (answeredStatus === 403) return { decision: "reject", by: "the console (webhook answer)" };
  const api = atApi ? fromApi(atApi) : null;
  if (api && api.decision !== "hold") return api;
  if (evaluation) return { decision: evaluation.decision, by: policyBy(evaluation) };
  if (answeredStatus === 202) return { decision: "hold", by: "the console (held for people)" };
  return api ?? { decision: "unknown", by: "unknown" };
}

function policyBy(evaluation: PolicyEvaluationView): string {
  const version = evaluation.policyVersion === null ? "" : ` v${evaluation.policyVersion}`;
  // A rule's approval that screening held is the policy's hold, for the fallback's reason.
  if (evaluation.ruleName && !evaluation.fallback) return `policy '${evaluation.ruleName}'${version}`;
  return evaluation.policyVersion === null
    ? `the console (${fallbackWords(evaluation.fallback)})`
    : `policy${version} (${fallbackWords(evaluation.fallback)})`;
}

export type OutcomeDecision = "approve" | "reject" | "hold";

/** What one version decides for one payment: the decision, the rule that decided it, why it was held without one. */
export interface VersionOutcome {
  decision: OutcomeDecision;
  ruleName: string | null;
  fallback: EvaluationFallback | null;
}

/** A screening that blocks an automatic approval (lib/universal/screening/records.ts, screeningBlock). */
export type ScreeningBlock = Extract<
  EvaluationFallback,
  "screening-potential-match" | "screening-failed" | "screening-list-stale"
>;

/**
 * What turns a version's approval into a hold, as when the payment arrives (lib/server/policies/decide.ts): the
 * sender's screening, else the two-person rule (a payment at or over its currency's threshold waits for two people,
 * whatever a policy approves), else its recipient: deleted, or an open or confirmed screening match.
 */
export type ApprovalBlock =
  | ScreeningBlock
  | "two-approvers-required"
  | "recipient-deleted"
  | "recipient-screening-match"
  | "recipient-screening-failed";

/**
 * What a version decides for a payment with these facts, as live (lib/server/policies/decide.ts): no version in
 * force holds it for people; else its first matching rule, with an approval turned into a hold when the sender's
 * screening at arrival did not clear them, or the two-person rule asks two people (`blocked`). `"invalid"`: a version in force that no longer reads, held
 * as live ("evaluation-failed").
 */
export function outcomeOf(
  document: PolicyDocument | "invalid" | null,
  facts: PolicyFacts,
  blocked: ApprovalBlock | null,
): VersionOutcome {
  let evaluation: Evaluation;
  if (document === null) evaluation = holdFor("no-active-policy");
  else if (document === "invalid") evaluation = holdFor("evaluation-failed");
  else {
    evaluation = evaluate(document, facts);
    if (evaluation.decision === "approve" && blocked)
      evaluation = { ...holdFor(blocked), rule: evaluation.rule };
  }
  return {
    decision: evaluation.decision,
    ruleName: evaluation.rule?.name ?? null,
    fallback: evaluation.fallback,
  };
}

export type OutcomeCounts = Record<OutcomeDecision, number>;

/** One replayed payment: what the version in force and the candidate each decide for it. */
export interface Replayed {
  active: VersionOutcome;
  candidate: VersionOutcome;
}

/**
 * The two versions over the same payments: how many each approves, rejects and holds, and the payments whose
 * decision differs (in the order given). A different rule reaching the same decision is no change.
 */
export function compareVersions<T extends Replayed>(
  replayed: readonly T[],
): { counts: { active: OutcomeCounts; candidate: OutcomeCounts }; changed: T[] } {
  const active: OutcomeCounts = { approve: 0, reject: 0, hold: 0 };
  const candidate: OutcomeCounts = { approve: 0, reject: 0, hold: 0 };
  const changed: T[] = [];
  for (const row of replayed) {
    active[row.active.decision]++;
    candidate[row.candidate.decision]++;
    if (row.active.decision !== row.candidate.decision) changed.push(row);
  }
  return { counts: { active, candidate }, changed };
}

const WOULD: Record<OutcomeDecision, string> = {
  approve: "would be approved",
  reject: "would be rejected",
  hold: "would be held for people",
};

/**
 * A version's outcome in words: "would be approved by rule “Small allow-listed payments”", "would be held for
 * people: no rule matched", "would be held for people: rule “Small” approves it, but the sender was a potential
 * watchlist match".
 */
export function outcomeWords(outcome: VersionOutcome): string {
  const would = WOULD[outcome.decision];
  const rule = outcome.ruleName ? `rule “${outcome.ruleName}”` : null;
  if (outcome.fallback) {
    const why = fallbackWords(outcome.fallback);
    return rule ? `${would}: ${rule} approves it, but ${why}` : `${would}: ${why}`;
  }
  return rule ? `${would} by ${rule}` : would;
}

const DONE: Record<string, string> = { approve: "approved", reject: "rejected", hold: "held" };

/**
 * What actually happened to a payment, in words: "approved by Ada Lovelace", "held by the console (held for
 * people)", "decided in a way no record shows".
 */
export function happenedWords(was: { decision: string; by: string | null }): string {
  const done = DONE[was.decision];
  return done ? `${done}${was.by ? ` by ${was.by}` : ""}` : "decided in a way no record shows";
}
