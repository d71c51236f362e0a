import { describe, expect, it } from "vitest";
import { compareVersions, outcomeOf, outcomeWords, type Replayed } from "./backtest-compare";
import type { PolicyFacts } from "./evaluate";
import { type PolicyDocument, policyDocumentSchema } from "./rules";

const document = (rules: unknown[]): PolicyDocument =>
  policyDocumentSchema.parse({ allowListedDomains: ["sandbox.uma.money"], rules });

const SMALL = {
  id: "small",
  name: "Small allow-listed payments",
  when: [
    { kind: "amount", side: "receiving", currency: "USD", op: "lte", value: 10_000 },
    { kind: "senderAllowListed", value: true },
  ],
  then: { decision: "approve" },
};
const BLOCKED = {
  id: "blocked",
  name: "Blocked amount",
  when: [{ kind: "amount", side: "receiving", currency: "USD", op: "eq", value: 666 }],
  then: { decision: "reject", code: "POLICY_REJECTED", message: "Blocked" },
};

/** v1 in force approves small payments from allow-listed senders; v2 (the candidate) holds them and rejects 666. */
const ACTIVE = document([SMALL]);
const CANDIDATE = document([BLOCKED]);

/** Stands in for a missing row, so a wrong answer fails on its words rather than on a thrown error. */
const NONE = { decision: "approve", ruleName: "none", fallback: null } as const;

const facts = (amount: number, domain = "sandbox.uma.money"): PolicyFacts => ({
  receiving: { amount, currency: "USD" },
  senderDomain: domain,
});

const replay = (
  id: string,
  active: PolicyDocument | null,
  candidate: PolicyDocument,
  paymentFacts: PolicyFacts,
): Replayed & { id: string } => ({
  id,
  active: outcomeOf(active, paymentFacts, null),
  candidate: outcomeOf(candidate, paymentFacts, null),
});

describe("the backtest compares the candidate with the version in force", () => {
  it("a payment the version in force approves and the candidate holds is a change, with each deciding rule", () => {
    const { counts, changed } = compareVersions([replay("a", ACTIVE, CANDIDATE, facts(5_000))]);
    expect(counts).toEqual({
      active: { approve: 1, reject: 0, hold: 0 },
      candidate: { approve: 0, reject: 0, hold: 1 },
    });
    expect(changed.map((row) => row.id)).toEqual(["a"]);
    const [row] = changed;
    expect(row?.active).toEqual({
      decision: "approve",
      ruleName: "Small allow-listed payments",
      fallback: null,
    });
    expect(row?.candidate).toEqual({ decision: "hold", ruleName: null, fallback: "no-rule-matched" });
    expect(outcomeWords(row?.active ?? NONE)).toBe("would be approved by rule “Small allow-listed payments”");
    expect(outcomeWords(row?.candidate ?? NONE)).toBe("would be held for people: no rule matched");
  });

  it("the reverse: held by the version in force, approved by the candidate", () => {
    const { counts, changed } = compareVersions([replay("b", CANDIDATE, ACTIVE, facts(5_000))]);
    expect(counts.active).toEqual({ approve: 0, reject: 0, hold: 1 });
    expect(counts.candidate).toEqual({ approve: 1, reject: 0, hold: 0 });
    expect(changed.map((row) => [row.id, row.active.decision, row.candidate.decision])).toEqual([
      ["b", "hold", "approve"],
    ]);
  });

  it("with no version in force every payment is held for people, and the candidate's approvals are changes", () => {
    const replayed = [
      replay("small", null, ACTIVE, facts(5_000)),
      replay("large", null, ACTIVE, facts(50_000)),
      replay("elsewhere", null, ACTIVE, facts(5_000, "example.com")),
    ];
    const { counts, changed } = compareVersions(replayed);
    expect(counts.active).toEqual({ approve: 0, reject: 0, hold: 3 });
    expect(counts.candidate).toEqual({ approve: 1, reject: 0, hold: 2 });
    expect(changed.map((row) => row.id)).toEqual(["small"]);
    expect(outcomeWords(changed[0]?.active ?? NONE)).toBe("would be held for people: no policy was active");
  });

  it("the same decision by another rule is no change; a rejection is counted as one", () => {
    const other = document([{ ...SMALL, id: "other", name: "Other small" }, BLOCKED]);
    const { counts, changed } = compareVersions([
      replay("same", ACTIVE, other, facts(5_000)),
      replay("blocked", ACTIVE, other, facts(666)),
    ]);
    expect(counts.candidate).toEqual({ approve: 2, reject: 0, hold: 0 });
    expect(changed).toEqual([]);
    const rejecting = compareVersions([replay("blocked", null, CANDIDATE, facts(666))]);
    expect(rejecting.counts.candidate).toEqual({ approve: 0, reject: 1, hold: 0 });
    expect(outcomeWords(rejecting.changed[0]?.candidate ?? NONE)).toBe(
      "would be rejected by rule “Blocked amount”",
    );
  });

  it("an approval the sender's screening did not clear is a hold, naming the rule that would approve", () => {
    const blocked = outcomeOf(ACTIVE, facts(5_000), "screening-potential-match");
    expect(blocked).toEqual({
      decision: "hold",
      ruleName: "Small allow-listed payments",
      fallback: "screening-potential-match",
    });
    expect(outcomeWords(blocked)).toBe(
      "would be held for people: rule “Small allow-listed payments” approves it, but the sender was a potential watchlist match",
    );
    expect(outcomeOf("invalid", facts(5_000), null)).toEqual({
      decision: "hold",
      ruleName: null,
      fallback: "evaluation-failed",
    });
  });
});
