import { describe, expect, it } from "vitest";
import { clauseHolds, evaluate, type PolicyFacts, velocityKey } from "./evaluate";
import { type Clause, type PolicyDocument, policyDocumentSchema } from "./rules";

const doc = (input: unknown): PolicyDocument => policyDocumentSchema.parse(input);
const noRules = doc({ rules: [], allowListedDomains: ["trusted.example"] });
const holds = (clause: Clause, facts: PolicyFacts, document = noRules) =>
  clauseHolds(clause, facts, document);

const usd = (amount: number) => ({ amount, currency: "USD" });

describe("clauses", () => {
  it("amount: compares in the clause's currency only, on the side it names", () => {
    const facts: PolicyFacts = { receiving: usd(5_000), sending: { amount: 90_000, currency: "MXN" } };
    const clause = (op: "lt" | "lte" | "gt" | "gte" | "eq", value: number): Clause => ({
      kind: "amount",
      side: "receiving",
      currency: "USD",
      op,
      value,
    });
    expect(holds(clause("lt", 5_001), facts)).toBe(true);
    expect(holds(clause("lt", 5_000), facts)).toBe(false);
    expect(holds(clause("lte", 5_000), facts)).toBe(true);
    expect(holds(clause("gt", 4_999), facts)).toBe(true);
    expect(holds(clause("gt", 5_000), facts)).toBe(false);
    expect(holds(clause("gte", 5_000), facts)).toBe(true);
    expect(holds(clause("eq", 5_000), facts)).toBe(true);
    expect(holds(clause("eq", 5_001), facts)).toBe(false);
    // Another currency never compares, whatever the figure.
    expect(holds({ kind: "amount", side: "receiving", currency: "EUR", op: "gte", value: 0 }, facts)).toBe(
      false,
    );
    expect(holds({ kind: "amount", side: "sending", currency: "MXN", op: "gt", value: 80_000 }, facts)).toBe(
      true,
    );
    // Missing side → false.
    expect(holds({ kind: "amount", side: "sending", currency: "USD", op: "gte", value: 0 }, {})).toBe(false);
  });

  it("currency: in and notIn, missing is false either way", () => {
    const facts: PolicyFacts = { receiving: usd(1), sending: { amount: 1, currency: "EUR" } };
    expect(holds({ kind: "currency", side: "receiving", op: "in", values: ["USD", "MXN"] }, facts)).toBe(
      true,
    );
    expect(holds({ kind: "currency", side: "sending", op: "in", values: ["USD"] }, facts)).toBe(false);
    expect(holds({ kind: "currency", side: "sending", op: "notIn", values: ["USD"] }, facts)).toBe(true);
    expect(holds({ kind: "currency", side: "sending", op: "notIn", values: ["USD"] }, {})).toBe(false);
  });

  it("senderDomain: compared without regard to case", () => {
    const facts: PolicyFacts = { senderDomain: "sandbox.uma.money" };
    expect(holds({ kind: "senderDomain", op: "in", values: ["Sandbox.UMA.money"] }, facts)).toBe(true);
    expect(holds({ kind: "senderDomain", op: "notIn", values: ["other.example"] }, facts)).toBe(true);
    expect(holds({ kind: "senderDomain", op: "notIn", values: ["sandbox.uma.money"] }, facts)).toBe(false);
    expect(holds({ kind: "senderDomain", op: "notIn", values: ["x.example"] }, {})).toBe(false);
  });

  it("senderAllowListed: against the document's allow-list", () => {
    expect(holds({ kind: "senderAllowListed", value: true }, { senderDomain: "trusted.example" })).toBe(true);
    expect(holds({ kind: "senderAllowListed", value: false }, { senderDomain: "trusted.example" })).toBe(
      false,
    );
    expect(holds({ kind: "senderAllowListed", value: false }, { senderDomain: "other.example" })).toBe(true);
    expect(holds({ kind: "senderAllowListed", value: true }, { senderDomain: "other.example" })).toBe(false);
    // No sender domain: neither listed nor unlisted.
    expect(holds({ kind: "senderAllowListed", value: false }, {})).toBe(false);
  });

  it("counterpartyField: present, or missing (the one clause a missing field makes true)", () => {
    const facts: PolicyFacts = { counterparty: { FULL_NAME: "Ana", NATIONALITY: " " } };
    expect(holds({ kind: "counterpartyField", field: "FULL_NAME", present: true }, facts)).toBe(true);
    expect(holds({ kind: "counterpartyField", field: "FULL_NAME", present: false }, facts)).toBe(false);
    expect(holds({ kind: "counterpartyField", field: "BIRTH_DATE", present: false }, facts)).toBe(true);
    expect(holds({ kind: "counterpartyField", field: "NATIONALITY", present: false }, facts)).toBe(true);
    expect(holds({ kind: "counterpartyField", field: "FULL_NAME", present: false }, {})).toBe(true);
  });

  it("counterpartyValue: in and notIn; a missing field is false", () => {
    const facts: PolicyFacts = { counterparty: { NATIONALITY: "MX" } };
    expect(
      holds({ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["MX", "US"] }, facts),
    ).toBe(true);
    expect(
      holds({ kind: "counterpartyValue", field: "NATIONALITY", op: "notIn", values: ["KP"] }, facts),
    ).toBe(true);
    expect(
      holds({ kind: "counterpartyValue", field: "NATIONALITY", op: "notIn", values: ["MX"] }, facts),
    ).toBe(false);
    expect(holds({ kind: "counterpartyValue", field: "FULL_NAME", op: "notIn", values: ["X"] }, facts)).toBe(
      false,
    );
  });

  it("recipientType, recipientKyc, recipientAgeDays", () => {
    const facts: PolicyFacts = { recipient: { type: "BUSINESS", kycStatus: "APPROVED", ageDays: 30 } };
    expect(holds({ kind: "recipientType", op: "in", values: ["BUSINESS"] }, facts)).toBe(true);
    expect(holds({ kind: "recipientType", op: "notIn", values: ["BUSINESS"] }, facts)).toBe(false);
    expect(holds({ kind: "recipientType", op: "in", values: ["INDIVIDUAL"] }, {})).toBe(false);
    expect(holds({ kind: "recipientKyc", op: "in", values: ["APPROVED", "MANUALLY_APPROVED"] }, facts)).toBe(
      true,
    );
    expect(holds({ kind: "recipientKyc", op: "notIn", values: ["APPROVED"] }, facts)).toBe(false);
    expect(holds({ kind: "recipientAgeDays", op: "gte", value: 30 }, facts)).toBe(true);
    expect(holds({ kind: "recipientAgeDays", op: "lt", value: 30 }, facts)).toBe(false);
    expect(holds({ kind: "recipientAgeDays", op: "gte", value: 0 }, {})).toBe(false);
  });

  it("screeningClear and screeningScore: the sender's screening; a payment not screened is false either way", () => {
    const matched: PolicyFacts = { screening: { clear: false, bestScore: 93 } };
    const clear: PolicyFacts = { screening: { clear: true, bestScore: 41 } };
    expect(holds({ kind: "screeningClear", value: true }, clear)).toBe(true);
    expect(holds({ kind: "screeningClear", value: true }, matched)).toBe(false);
    expect(holds({ kind: "screeningClear", value: false }, matched)).toBe(true);
    expect(holds({ kind: "screeningClear", value: false }, {})).toBe(false);
    expect(holds({ kind: "screeningClear", value: true }, {})).toBe(false);
    expect(holds({ kind: "screeningScore", op: "gte", value: 90 }, matched)).toBe(true);
    expect(holds({ kind: "screeningScore", op: "gte", value: 90 }, clear)).toBe(false);
    expect(holds({ kind: "screeningScore", op: "lt", value: 90 }, {})).toBe(false);
    const scoreRule = (value: number) => ({
      id: "score",
      name: "Score",
      when: [{ kind: "screeningScore", op: "gte", value }],
      then: { decision: "hold" },
    });
    expect(policyDocumentSchema.safeParse({ rules: [scoreRule(100)] }).success).toBe(true);
    expect(policyDocumentSchema.safeParse({ rules: [scoreRule(101)] }).success).toBe(false);
  });

  it("velocity: reads the figure kept under its key; a missing figure is false", () => {
    const clause: Clause = {
      kind: "velocity",
      per: "sender",
      measure: "count",
      hours: 24,
      op: "lt",
      value: 3,
    };
    const amount: Clause = {
      kind: "velocity",
      per: "recipient",
      measure: "amount",
      currency: "USD",
      hours: 1,
      op: "lte",
      value: 10_000,
    };
    const facts: PolicyFacts = { velocity: { [velocityKey(clause)]: 2, [velocityKey(amount)]: 10_001 } };
    expect(holds(clause, facts)).toBe(true);
    expect(holds({ ...clause, value: 2 }, facts)).toBe(false);
    expect(holds(amount, facts)).toBe(false);
    expect(holds({ ...amount, value: 10_001 }, facts)).toBe(true);
    expect(holds({ ...clause, hours: 48 }, facts)).toBe(false);
    expect(velocityKey(clause)).not.toBe(velocityKey({ ...clause, per: "recipient" }));
  });
});

describe("evaluate", () => {
  const policy = doc({
    allowListedDomains: ["sandbox.uma.money"],
    rules: [
      {
        id: "block-kp",
        name: "Blocked nationality",
        when: [{ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP"] }],
        then: { decision: "reject", code: "POLICY_REJECTED", message: "Sender nationality not accepted" },
      },
      {
        id: "small-usd",
        name: "Small allow-listed USD",
        when: [
          { kind: "amount", side: "receiving", currency: "USD", op: "lte", value: 10_000 },
          { kind: "senderAllowListed", value: true },
        ],
        then: { decision: "approve" },
      },
      {
        id: "large",
        name: "Large USD",
        when: [{ kind: "amount", side: "receiving", currency: "USD", op: "gt", value: 1_000_000 }],
        then: { decision: "hold", queue: "Senior", priority: "high" },
      },
    ],
  });

  it("the first rule whose clauses all hold decides", () => {
    const facts: PolicyFacts = { receiving: usd(500), senderDomain: "sandbox.uma.money", counterparty: {} };
    expect(evaluate(policy, facts)).toEqual({
      decision: "approve",
      rule: { id: "small-usd", name: "Small allow-listed USD" },
      fallback: null,
      outcome: { decision: "approve" },
    });
    // An earlier rule wins even when a later one also holds.
    expect(evaluate(policy, { ...facts, counterparty: { NATIONALITY: "KP" } })).toMatchObject({
      decision: "reject",
      rule: { id: "block-kp" },
      outcome: { code: "POLICY_REJECTED", message: "Sender nationality not accepted" },
    });
    expect(evaluate(policy, { receiving: usd(2_000_000) })).toMatchObject({
      decision: "hold",
      rule: { id: "large" },
      outcome: { queue: "Senior", priority: "high" },
    });
  });

  it("every clause of a rule must hold; none matching holds with no-rule-matched", () => {
    // Small but not allow-listed.
    expect(evaluate(policy, { receiving: usd(500), senderDomain: "elsewhere.example" })).toEqual({
      decision: "hold",
      rule: null,
      fallback: "no-rule-matched",
      outcome: { decision: "hold", queue: "Compliance", priority: "normal" },
    });
    expect(evaluate(doc({ rules: [] }), {})).toMatchObject({ decision: "hold", fallback: "no-rule-matched" });
  });
});
