import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY, PERSONAL_DATA_CATEGORIES } from "../privacy/fields";
import {
  maskedFieldReason,
  maskedKindsSentence,
  maskedRuleFields,
  mayWriteRulesOver,
  ruleFieldsOf,
} from "./field-permission";
import type { PolicyDocument } from "./rules";

/** Issue 46 item 6: "BIRTH_DATE in [400 dates] → reject", backtested, names the senders born on those days. */
const oracle: PolicyDocument = {
  allowListedDomains: [],
  rules: [
    {
      id: "guess",
      name: "Guess birth dates",
      when: [
        {
          kind: "counterpartyValue",
          field: "BIRTH_DATE",
          op: "in",
          values: Array.from({ length: 400 }, (_, day) =>
            new Date(Date.UTC(1990, 0, 1 + day)).toISOString().slice(0, 10),
          ),
        },
      ],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "x" },
    },
    {
      id: "screening",
      name: "Sanctioned nationality, named sender",
      when: [
        { kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP"] },
        { kind: "counterpartyField", field: "FULL_NAME", present: true },
        { kind: "counterpartyField", field: "TAX_ID", present: false },
        { kind: "amount", side: "receiving", currency: "USD", op: "gte", value: 100 },
      ],
      then: { decision: "hold", queue: "Compliance", priority: "high" },
    },
  ],
};

describe("which sender fields a role may write or backtest rules over", () => {
  it("lists the fields a document's clauses read, value and presence alike, once each", () => {
    expect(ruleFieldsOf(oracle)).toEqual(["BIRTH_DATE", "NATIONALITY", "FULL_NAME", "TAX_ID"]);
    expect(ruleFieldsOf({ rules: [] })).toEqual([]);
  });

  it("refuses compliance (names and nationality by default) the birth date and the tax id", () => {
    expect(maskedRuleFields(oracle, DEFAULT_VISIBILITY.compliance)).toEqual(["BIRTH_DATE", "TAX_ID"]);
    expect(mayWriteRulesOver("NATIONALITY", DEFAULT_VISIBILITY.compliance)).toBe(true);
    expect(mayWriteRulesOver("FULL_NAME", DEFAULT_VISIBILITY.compliance)).toBe(true);
    expect(mayWriteRulesOver("BIRTH_DATE", DEFAULT_VISIBILITY.compliance)).toBe(false);
    expect(mayWriteRulesOver("EMAIL", DEFAULT_VISIBILITY.compliance)).toBe(false);
  });

  it("lets admins, who see everything, write any of them", () => {
    expect(maskedRuleFields(oracle, DEFAULT_VISIBILITY.admin)).toEqual([]);
    expect(maskedRuleFields(oracle, PERSONAL_DATA_CATEGORIES)).toEqual([]);
  });

  it("follows the setting: a role that sees nothing may write no field clause at all", () => {
    expect(maskedRuleFields(oracle, [])).toEqual(["BIRTH_DATE", "NATIONALITY", "FULL_NAME", "TAX_ID"]);
    expect(maskedRuleFields(oracle, ["birthDate", "taxId", "name", "nationality"])).toEqual([]);
  });

  it("judges a field it does not know, or a differently spelt one, as the most private kind (an address)", () => {
    expect(mayWriteRulesOver("birth_date", DEFAULT_VISIBILITY.compliance)).toBe(false);
    expect(mayWriteRulesOver("SSN", DEFAULT_VISIBILITY.compliance)).toBe(false);
    expect(mayWriteRulesOver("SSN", ["address"])).toBe(true);
  });

  it("says why, naming the kind and the field", () => {
    expect(maskedFieldReason("BIRTH_DATE")).toBe(
      "Your role sees birth dates masked, so it cannot write or test rules over them (BIRTH_DATE).",
    );
    expect(maskedKindsSentence(["FULL_NAME", "BIRTH_DATE", "EMAIL", "PHONE_NUMBER"], ["name"])).toBe(
      "Your role sees birth dates and email and phone masked, so it cannot write or test rules over them.",
    );
    expect(maskedKindsSentence(["FULL_NAME"], ["name"])).toBeNull();
  });
});
