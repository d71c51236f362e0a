import { maskValue, type PersonalDataCategory } from "../privacy/fields";
import { mayWriteRulesOver } from "./field-permission";
import type { PolicyDocument } from "./rules";
import type { PolicyVersionView } from "./version-types";

/**
 * A policy document as a role may read it: the values a clause compares a sender's field with ("TAX_ID in [...]")
 * are that field's values, so a role that sees the field masked sees them masked too, as it sees the senders'.
 * Whatever else the rules say stays. A role cannot write such a clause (field-permission.ts), so a masked value
 * never comes back as a rule.
 */
export function maskPolicyDocument(
  document: PolicyDocument,
  visible: readonly PersonalDataCategory[],
): PolicyDocument {
  let masked = false;
  const rules = document.rules.map((rule) => ({
    ...rule,
    when: rule.when.map((clause) => {
      if (clause.kind !== "counterpartyValue" || mayWriteRulesOver(clause.field, visible)) return clause;
      masked = true;
      return { ...clause, values: clause.values.map((value) => maskValue(clause.field, value)) };
    }),
  }));
  return masked ? { ...document, rules } : document;
}

/** A version as the role may read it (maskPolicyDocument). */
export function maskPolicyVersion(
  version: PolicyVersionView,
  visible: readonly PersonalDataCategory[],
): PolicyVersionView {
  const document = maskPolicyDocument(version.document, visible);
  return document === version.document ? version : { ...version, document };
}
