import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "../privacy/fields";
import { maskPolicyDocument } from "./mask-policy";
import type { PolicyDocument } from "./rules";

const document: PolicyDocument = {
  rules: [
    {
      id: "known-tax-ids",
      name: "Known tax ids",
      when: [
        { kind: "counterpartyValue", field: "TAX_ID", op: "in", values: ["123-45-6789", "987-65-4321"] },
        { kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["US"] },
        { kind: "currency", side: "receiving", op: "in", values: ["USD"] },
      ],
      then: { decision: "approve" },
    },
  ],
  allowListedDomains: ["pay.example"],
};

describe("a policy document as a role reads it", () => {
  it("masks the values a clause compares a field the role sees masked with, as the senders' values are", () => {
    const masked = maskPolicyDocument(document, DEFAULT_VISIBILITY.viewer);
    const [taxIds, nationality, currency] = masked.rules[0]?.when ?? [];
    expect(JSON.stringify(masked)).not.toMatch(/123-45|987-65/);
    expect(taxIds).toMatchObject({ kind: "counterpartyValue", field: "TAX_ID", op: "in" });
    expect((taxIds as { values: string[] }).values).toHaveLength(2);
    expect((nationality as { values: string[] }).values).not.toContain("US");
    // What is not a sender's value stays.
    expect(currency).toEqual(document.rules[0]?.when[2]);
    expect(masked.allowListedDomains).toEqual(["pay.example"]);
  });

  it("leaves what the role sees: compliance reads nationalities, an admin everything", () => {
    const compliance = maskPolicyDocument(document, DEFAULT_VISIBILITY.compliance);
    const nationality = compliance.rules[0]?.when[1] as { values: string[] } | undefined;
    expect(nationality?.values).toEqual(["US"]);
    expect(JSON.stringify(compliance)).not.toContain("123-45-6789");
    expect(maskPolicyDocument(document, DEFAULT_VISIBILITY.admin)).toBe(document);
  });
});
