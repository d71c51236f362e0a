import type { Clause, EvaluationDecision, EvaluationFallback, Outcome, PolicyDocument } from "./rules";

/**
 * The facts a pending incoming payment's webhook gives, as of its arrival (lib/universal/policies/facts.ts gathers them):
 * plain JSON, stored with each evaluation. Only what the document's clauses need is present; a clause about an
 * absent fact is false (rules.ts).
 */
export interface PolicyFacts {
  /** Minor units of `currency`. */
  receiving?: { amount: number; currency: string };
  sending?: { amount: number; currency: string };
  senderAddress?: string;
  /** Lower case, the part after "@" of the sender's UMA address. */
  senderDomain?: string;
  /** The counterparty fields the webhook carried (string values only). */
  counterparty?: Record<string, string>;
  recipient?: { type?: "INDIVIDUAL" | "BUSINESS"; kycStatus?: string; ageDays?: number };
  /** Velocity figures by velocityKey(clause): a count, or a total in minor units. */
  velocity?: Record<string, number>;
  /** The sender's screening when the payment arrived: clear or not, and the best score in percent. */
  screening?: { clear: boolean; bestScore: number };
}

export interface Evaluation {
  decision: EvaluationDecision;
  rule: { id: string; name: string } | null;
  fallback: EvaluationFallback | null;
  /** The rule's outcome (queue and priority of a hold, code and message of a rejection). */
  outcome: Outcome;
}

const DEFAULT_HOLD: Outcome = { decision: "hold", queue: "Compliance", priority: "normal" };

/** A fallback evaluation: the payment is held for people, in the default queue. */
export function holdFor(fallback: EvaluationFallback): Evaluation {
  return { decision: "hold", rule: null, fallback, outcome: DEFAULT_HOLD };
}

type VelocityClause = Extract<Clause, { kind: "velocity" }>;

/** Where a velocity clause's figure is kept in the facts: one per (per, measure, currency, hours). */
export function velocityKey(clause: Pick<VelocityClause, "per" | "measure" | "currency" | "hours">): string {
  return `${clause.per}:${clause.measure}:${clause.measure === "amount" ? (clause.currency ?? "") : ""}:${clause.hours}h`;
}

function compare(actual: number, op: "lt" | "lte" | "gt" | "gte" | "eq", expected: number): boolean {
  switch (op) {
    case "lt":
      return actual < expected;
    case "lte":
      return actual <= expected;
    case "gt":
      return actual > expected;
    case "gte":
      return actual >= expected;
    case "eq":
      return actual === expected;
  }
}

function member(value: string | undefined, op: "in" | "notIn", values: readonly string[]): boolean {
  if (value === undefined) return false;
  const found = values.includes(value);
  return op === "in" ? found : !found;
}

const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase());

/** Whether one clause holds for these facts (rules.ts documents each kind). */
export function clauseHolds(clause: Clause, facts: PolicyFacts, document: PolicyDocument): boolean {
  switch (clause.kind) {
    case "amount": {
      const amount = facts[clause.side];
      if (!amount || amount.currency !== clause.currency) return false;
      return compare(amount.amount, clause.op, clause.value);
    }
    case "currency":
      return member(facts[clause.side]?.currency, clause.op, clause.values);
    case "senderDomain":
      return member(facts.senderDomain, clause.op, lower(clause.values));
    case "senderAllowListed": {
      if (facts.senderDomain === undefined) return false;
      const listed = lower(document.allowListedDomains).includes(facts.senderDomain);
      return listed === clause.value;
    }
    case "counterpartyField": {
      const present = Boolean(facts.counterparty?.[clause.field]?.trim());
      return present === clause.present;
    }
    case "counterpartyValue": {
      const value = facts.counterparty?.[clause.field]?.trim();
      return member(value || undefined, clause.op, clause.values);
    }
    case "recipientType":
      return member(facts.recipient?.type, clause.op, clause.values);
    case "recipientKyc":
      return member(facts.recipient?.kycStatus, clause.op, clause.values);
    case "recipientAgeDays": {
      const age = facts.recipient?.ageDays;
      return age === undefined ? false : compare(age, clause.op, clause.value);
    }
    case "screeningClear":
      return facts.screening === undefined ? false : facts.screening.clear === clause.value;
    case "screeningScore":
      return facts.screening === undefined
        ? false
        : compare(facts.screening.bestScore, clause.op, clause.value);
    case "velocity": {
      const figure = facts.velocity?.[velocityKey(clause)];
      return figure === undefined ? false : compare(figure, clause.op, clause.value);
    }
  }
}

/**
 * The policy's decision for these facts: the first rule whose clauses all hold decides; when none does, the
 * payment is held ("no-rule-matched"). Pure: no time, no input or output.
 */
export function evaluate(document: PolicyDocument, facts: PolicyFacts): Evaluation {
  for (const rule of document.rules) {
    if (rule.when.every((clause) => clauseHolds(clause, facts, document))) {
      return {
        decision: rule.then.decision,
        rule: { id: rule.id, name: rule.name },
        fallback: null,
        outcome: rule.then,
      };
    }
  }
  return holdFor("no-rule-matched");
}
