import { describe, expect, it } from "vitest";
import { policyDocumentSchema } from "./rules";

// A value in a rule that reads as another to the colleague who activates the version (a Cyrillic "КР" for "KP", a
// zero-width space inside a code, a look-alike domain) would never match what payments carry: a reject or hold rule
// would silently stop holding. Such values are refused when the draft is saved.

const withClause = (clause: unknown, allowListedDomains: string[] = []) =>
  policyDocumentSchema.safeParse({
    rules: [{ id: "r", name: "Rule", when: [clause], then: { decision: "hold" } }],
    allowListedDomains,
  });
const messages = (result: ReturnType<typeof withClause>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("a policy's values", () => {
  it("takes plain codes, field names and domains", () => {
    expect(
      withClause({ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP", "IR"] }).success,
    ).toBe(true);
    expect(
      withClause({ kind: "counterpartyValue", field: "FULL_NAME", op: "in", values: ["José Núñez"] }).success,
    ).toBe(true);
    expect(
      withClause({ kind: "senderDomain", op: "in", values: ["pay.example", "xn--e1afmkfd.xn--p1ai"] })
        .success,
    ).toBe(true);
  });

  it("refuses a nationality that is not an ISO 3166 code, look-alike letters included", () => {
    const cyrillic = withClause({
      kind: "counterpartyValue",
      field: "NATIONALITY",
      op: "in",
      values: ["KP", "\u041a\u0420"],
    });
    expect(cyrillic.success).toBe(false);
    expect(messages(cyrillic)[0]).toContain("is not an ISO 3166 country code");
    expect(cyrillic.error?.issues[0]?.path).toEqual(["rules", 0, "when", 0, "values", 1]);
  });

  it("refuses invisible characters in any value, and a field name that is not the API's spelling", () => {
    expect(
      messages(withClause({ kind: "counterpartyValue", field: "TAX_ID", op: "in", values: ["K\u200bP"] })),
    ).toEqual(["Must not contain invisible or control characters, or unusual spaces."]);
    expect(withClause({ kind: "counterpartyField", field: "FULL_N\u0410ME", present: true }).success).toBe(
      false,
    );
  });

  it("refuses a look-alike domain in a condition or the allow-list, typed or in its xn-- form", () => {
    expect(withClause({ kind: "senderDomain", op: "in", values: ["p\u0430y.example"] }).success).toBe(false);
    expect(withClause({ kind: "senderDomain", op: "in", values: ["xn--py-7kc.example"] }).success).toBe(
      false,
    );
    expect(withClause({ kind: "senderAllowListed", value: true }, ["partner.ex\u0430mple"]).success).toBe(
      false,
    );
  });
});
