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

/**
 * What actually happened to a pending payment: a person's decision wins (they decided after any hold); else the
 * policies' automatic approval or rejection; else it was held (by a policy, or, before policies, by the console's
 * answer 202); else how the console answered its webhook (200 approve, 403 reject); else unknown.
 */
export function whatHappened(
  person: PersonDecision | undefined,
  evaluation: PolicyEvaluationView | undefined,
  answeredStatus: number | undefined,
): WhatHappened {
  if (person) return { decision: person.decision, by: person.email ?? "a person no longer on the team" };
  if (evaluation) {
    const version = evaluation.policyVersion === null ? "" : ` v${evaluation.policyVersion}`;
    const by = evaluation.ruleName
      ? `policy '${evaluation.ruleName}'${version}`
      : evaluation.policyVersion === null
        ? `the console (${fallbackWords(evaluation.fallback)})`
        : `policy${version} (${fallbackWords(evaluation.fallback)})`;
    return { decision: evaluation.decision, by };
  }
  if (answeredStatus === 202) return { decision: "hold", by: "the console (held for people)" };
  if (answeredStatus === 200) return { decision: "approve", by: "the console (webhook answer)" };
  if (answeredStatus === 403) return { decision: "reject", by: "the console (webhook answer)" };
  return { decision: "unknown", by: "unknown" };
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
