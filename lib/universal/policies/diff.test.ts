import { describe, expect, it } from "vitest";
import { diffCounts, diffPolicies } from "./diff";
import type { PolicyDocument, Rule } from "./rules";

const rule = (id: string, overrides: Partial<Rule> = {}): Rule => ({
  id,
  name: `Rule ${id}`,
  when: [{ kind: "senderAllowListed", value: true }],
  then: { decision: "approve" },
  ...overrides,
});

const doc = (rules: Rule[], allowListedDomains: string[] = []): PolicyDocument => ({
  rules,
  allowListedDomains,
});

describe("diffPolicies", () => {
  it("says nothing changed for the same document, whatever its keys' order", () => {
    const a = doc([rule("a", { then: { decision: "hold", queue: "Compliance", priority: "high" } })]);
    const b = doc([rule("a", { then: { priority: "high", queue: "Compliance", decision: "hold" } })]);
    expect(diffPolicies(a, b).same).toBe(true);
  });

  it("lists every rule as added against no active version", () => {
    const diff = diffPolicies(null, doc([rule("a"), rule("b")], ["pay.example"]));
    expect(diff.added.map((added) => [added.id, added.position])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(diff.domains).toEqual({ added: ["pay.example"], removed: [] });
    expect(diff.same).toBe(false);
  });

  it("finds rules added and removed by id, and allow-list domains added and removed", () => {
    const diff = diffPolicies(
      doc([rule("a"), rule("b")], ["one.example", "two.example"]),
      doc([rule("a"), rule("c")], ["two.example", "three.example"]),
    );
    expect(diff.added.map((added) => added.id)).toEqual(["c"]);
    expect(diff.removed.map((removed) => [removed.id, removed.position])).toEqual([["b", 2]]);
    expect(diff.changed).toEqual([]);
    expect(diff.moved).toEqual([]);
    expect(diff.domains).toEqual({ added: ["three.example"], removed: ["one.example"] });
  });

  it("names which clauses and whether the outcome and name of a kept rule changed", () => {
    const before = rule("a", {
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "lt", value: 100_000 },
        { kind: "senderAllowListed", value: true },
      ],
    });
    const after = rule("a", {
      name: "Small USD",
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "lt", value: 50_000 },
        { kind: "senderAllowListed", value: true },
        { kind: "counterpartyField", field: "FULL_NAME", present: true },
      ],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "Too large" },
    });
    const [change, ...others] = diffPolicies(doc([before]), doc([after])).changed;
    expect(others).toEqual([]);
    expect(change?.renamedFrom).toBe("Rule a");
    expect(
      change?.clauses.map((clause) => [clause.position, clause.before?.kind ?? null, clause.after?.kind]),
    ).toEqual([
      [1, "amount", "amount"],
      [3, null, "counterpartyField"],
    ]);
    expect(change?.outcome).toEqual({ before: { decision: "approve" }, after: after.then });
  });

  it("names only the rule that moved, not every rule it passed", () => {
    const diff = diffPolicies(
      doc([rule("a"), rule("b"), rule("c"), rule("d")]),
      doc([rule("d"), rule("a"), rule("b"), rule("c")]),
    );
    expect(diff.moved).toEqual([{ id: "d", name: "Rule d", from: 4, to: 1 }]);
    expect(diff.changed).toEqual([]);
  });

  it("does not call a rule moved when only a rule before it was removed or added", () => {
    const diff = diffPolicies(doc([rule("a"), rule("b"), rule("c")]), doc([rule("x"), rule("b"), rule("c")]));
    expect(diff.moved).toEqual([]);
    expect(diffCounts(diff)).toMatchObject({ rulesAdded: ["x"], rulesRemoved: ["a"], rulesMoved: [] });
  });

  it("calls two swapped rules one move", () => {
    const diff = diffPolicies(doc([rule("a"), rule("b")]), doc([rule("b"), rule("a")]));
    expect(diff.moved).toHaveLength(1);
  });
});
