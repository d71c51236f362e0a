/**
 * A stored policy evaluation as the console shows it (timeline, approval card, evidence): which policy decided
 * what, or why the payment was held without one. Safe for the browser.
 */
export interface PolicyEvaluationView {
  decision: "approve" | "reject" | "hold";
  policyVersion: number | null;
  ruleId: string | null;
  ruleName: string | null;
  /**
   * no-rule-matched, no-active-policy, emergency-hold, evaluation-failed, time-budget-exceeded,
   * receiver-info-unavailable, two-approvers-required, recipient-deleted, recipient-screening-match,
   * screening-potential-match, screening-failed, screening-list-stale
   */
  fallback: string | null;
  outcome: Record<string, unknown>;
  evaluatedAt: string;
  durationMicros: number;
}

/** Why a payment was held without a rule deciding, in words ("no rule matched"), for sentences built around it. */
const FALLBACK_WORDS: Record<string, string> = {
  "no-rule-matched": "no rule matched",
  "no-active-policy": "no policy was active",
  "emergency-hold": "the emergency hold was on",
  "evaluation-failed": "the policy could not be evaluated",
  "time-budget-exceeded": "the policy ran past its time budget",
  "receiver-info-unavailable": "the recipient's details were missing",
  "two-approvers-required": "the two-person rule asks two people to approve it",
  "recipient-deleted": "the recipient had been deleted",
  "recipient-screening-match": "the recipient was a watchlist match not cleared",
  "recipient-screening-failed": "the recipient could not be screened",
  "screening-potential-match": "the sender was a potential watchlist match",
  "screening-failed": "the sender could not be screened",
  "screening-list-stale": "a watchlist was out of date",
};

export function fallbackWords(fallback: string | null): string {
  return (fallback && FALLBACK_WORDS[fallback]) ?? "the policy could not decide";
}

const version = (view: PolicyEvaluationView) =>
  view.policyVersion === null ? "" : ` v${view.policyVersion}`;
const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** Where a held payment waits: its queue and priority ("Compliance, normal priority"). */
function holdPlace(view: PolicyEvaluationView): string {
  const queue = str(view.outcome.queue) ?? "Compliance";
  const priority = str(view.outcome.priority) ?? "normal";
  return `${queue}, ${priority} priority`;
}

export function describeEvaluation(view: PolicyEvaluationView): { title: string; detail: string } {
  const policy = `policy '${view.ruleName ?? "?"}'${version(view)}`;
  const took = `Evaluated in ${(view.durationMicros / 1000).toFixed(1)} ms`;
  if (view.decision === "approve") return { title: `Approved by ${policy}`, detail: took };
  if (view.decision === "reject") {
    const code = str(view.outcome.code);
    const message = str(view.outcome.message);
    return {
      title: `Rejected by ${policy}`,
      detail: `Reason: ${[code, message].filter(Boolean).join(" — ") || "none given"} · ${took}`,
    };
  }
  switch (view.fallback) {
    case null:
      return { title: `Held by ${policy} (${holdPlace(view)})`, detail: `For a person to decide · ${took}` };
    case "no-rule-matched":
      return {
        title: `Held: no rule matched (${version(view).trim() || "policy"})`,
        detail: holdPlace(view),
      };
    case "emergency-hold":
      return {
        title: "Held: emergency hold",
        detail: "The emergency hold was on: every payment waits for a person",
      };
    case "no-active-policy":
      return { title: "Held: no active policy", detail: "No approval policy was active: a person decides" };
    case "time-budget-exceeded":
      return {
        title: `Held: the policy${version(view)} ran past its time budget`,
        detail: "Evaluation took too long, so the payment waits for a person",
      };
    case "receiver-info-unavailable":
      return {
        title: `Held: ${policy} would approve, but the recipient's details are missing`,
        detail: `The sender requires ${
          Array.isArray(view.outcome.missing) ? view.outcome.missing.join(", ") : "fields"
        } that the customer record does not hold`,
      };
    case "two-approvers-required":
      return {
        title: `Held: ${policy} would approve, but the two-person rule applies`,
        detail:
          "The amount is at or over the two-person rule's threshold for its currency: two people approve it",
      };
    case "recipient-deleted":
      return {
        title: `Held: ${policy} would approve, but the recipient was deleted`,
        detail: "The customer was deleted while the payment waited: approving would fail it, so reject it",
      };
    case "recipient-screening-match":
      return {
        title: `Held: ${policy} would approve, but the recipient is a watchlist match`,
        detail:
          "The recipient customer's screening has a match no one has dismissed, or one confirmed: a person decides",
      };
    case "recipient-screening-failed":
      return {
        title: `Held: ${policy} would approve, but the recipient could not be screened`,
        detail:
          "The recipient customer could not be screened against the watchlists: a person decides, or the payment waits for the screening",
      };
    case "screening-potential-match":
      return {
        title: "Held: the sender is a potential match on a watchlist",
        detail: `Screening found a potential match${view.ruleName ? `; ${policy} would approve` : ""}: a person decides`,
      };
    case "screening-failed":
      return {
        title: "Held: the sender could not be screened",
        detail: "Screening failed or the sender's name was not given, so a person decides",
      };
    case "screening-list-stale":
      return {
        title: "Held: a watchlist is out of date",
        detail: "The sender was screened against a list past its freshness, so a person decides",
      };
    default:
      return {
        title: `Held: the policy${version(view)} could not be evaluated`,
        detail: "Evaluation failed, so the payment waits for a person",
      };
  }
}
