import { describe, expect, it } from "vitest";
import { editorSchema } from "./editor-schema";
import { blankClause, blankRule, documentToValues } from "./editor-values";
import type { PolicyDocument } from "./rules";

const document: PolicyDocument = {
  rules: [
    {
      id: "small",
      name: "Small allow-listed USD",
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "lte", value: 100_000 },
        { kind: "senderAllowListed", value: true },
        {
          kind: "velocity",
          per: "sender",
          measure: "amount",
          currency: "JPY",
          hours: 24,
          op: "gt",
          value: 50_000,
        },
      ],
      then: { decision: "approve" },
    },
    {
      id: "sanctioned",
      name: "Sanctioned nationality",
      when: [{ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP", "IR"] }],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "Sanctioned" },
    },
  ],
  allowListedDomains: ["pay.example", "partner.example"],
};

describe("the draft editor's values", () => {
  it("give back the document they were made from", () => {
    const values = documentToValues(document);
    expect(values.rules[0]?.when[0]?.amount).toBe("1000.00");
    expect(values.rules[0]?.when[2]?.amount).toBe("50000");
    expect(editorSchema.parse(values)).toEqual(document);
  });

  it("put each problem on the field a person typed it in", () => {
    const values = documentToValues(document);
    const rule = values.rules[0];
    if (!rule?.when[0] || !values.rules[1]) throw new Error("fixture");
    rule.when[0].amount = "12.345";
    values.rules[1].decision = "reject";
    values.rules[1].code = "lower case";
    values.rules.push({ ...blankRule(3), name: "" });
    const result = editorSchema.safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).toContain("rules.0.when.0.amount");
    expect(paths).toContain("rules.1.code");
    expect(paths).toContain("rules.2.name");
  });

  it("say what an empty list misses in words, not the validator's (issue 49 item 7)", () => {
    const values = documentToValues(document);
    const rule = values.rules[0];
    if (!rule) throw new Error("fixture");
    rule.when.push({ ...blankClause("currency"), values: "" });
    const result = editorSchema.safeParse(values);
    const issue = result.error?.issues.find((each) => each.path.join(".") === "rules.0.when.3.values");
    expect(issue?.message).toBe("Choose at least one currency.");
  });

  it("read lists separated by commas or lines", () => {
    const values = documentToValues({ rules: [], allowListedDomains: [] });
    values.domains = "one.example,\n two.example\n\n";
    expect(editorSchema.parse(values).allowListedDomains).toEqual(["one.example", "two.example"]);
  });
});
