import { fallbackWords, type PolicyEvaluationView } from "./evaluation-view";

export type WasDecision = "approve" | "reject" | "hold" | "unknown";

export interface WhatHappened {
  decision: WasDecision;
  by: string;
}

/** A person's decision on a payment, from the audit log. */
export interface PersonDecision {
  decision: "approve" | "reject";
  email: string | null;
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
  if (person) return { decision: person.decision, by: person.email ?? "a person no longer on the team" };
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
  if (evaluation.ruleName) return `policy '${evaluation.ruleName}'${version}`;
  return evaluation.policyVersion === null
    ? `the console (${fallbackWords(evaluation.fallback)})`
    : `policy${version} (${fallbackWords(evaluation.fallback)})`;
}

const DONE: Record<string, string> = { approve: "approved", reject: "rejected", hold: "held" };

/**
 * One payment of a backtest in a sentence: "was held by the console (no policy was active), would be approved by
 * rule “Small allow-listed”". Typed as the console's API answers it (lib/universal/console-api/types.ts).
 */
export function backtestChangeLine(
  was: { decision: string; by: string | null },
  would: { decision: string; ruleName: string | null; fallback: string | null },
): string {
  const done = DONE[was.decision];
  const wasPart = done
    ? `was ${done}${was.by ? ` by ${was.by}` : ""}`
    : "was decided in a way no record shows";
  const why = would.ruleName
    ? ` by rule “${would.ruleName}”`
    : would.fallback
      ? ` (${fallbackWords(would.fallback)})`
      : "";
  return `${wasPart}, would be ${DONE[would.decision] ?? would.decision}${why}`;
}
