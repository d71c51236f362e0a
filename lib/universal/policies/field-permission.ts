import { CATEGORY_LABELS, categoryOf, type PersonalDataCategory } from "../privacy/fields";
import type { PolicyDocument } from "./rules";

/**
 * Which sender fields a person may write or backtest rules over (issue 46 item 6): only those their role sees
 * unmasked. A rule is an oracle on what it reads: "BIRTH_DATE in [400 dates] → reject", backtested, names the
 * payments it matched and so their senders' birth dates. Pure, so the editor offers the same fields the server
 * accepts.
 */

/** The sender fields a document's clauses read (value or presence), each once, in order of first use. */
export function ruleFieldsOf(document: Pick<PolicyDocument, "rules">): string[] {
  const fields = new Set<string>();
  for (const rule of document.rules) {
    for (const clause of rule.when) {
      if (clause.kind === "counterpartyField" || clause.kind === "counterpartyValue")
        fields.add(clause.field);
    }
  }
  return [...fields];
}

/** Whether a role that sees `visible` unmasked may write a clause over `field` (an unknown field counts as an address). */
export function mayWriteRulesOver(field: string, visible: readonly PersonalDataCategory[]): boolean {
  return visible.includes(categoryOf(field));
}

/** The fields of the document that the role sees masked: non-empty means it may not save, propose or backtest it. */
export function maskedRuleFields(
  document: Pick<PolicyDocument, "rules">,
  visible: readonly PersonalDataCategory[],
): string[] {
  return ruleFieldsOf(document).filter((field) => !mayWriteRulesOver(field, visible));
}

/** Why a role may not use a field in a rule, in words a person can act on. */
export function maskedFieldReason(field: string): string {
  const kind = CATEGORY_LABELS[categoryOf(field)].toLowerCase();
  return `Your role sees ${kind} masked, so it cannot write or test rules over them (${field}).`;
}

/** The kinds of sender data a role sees masked, as one sentence for the editor (null when it sees them all). */
export function maskedKindsSentence(
  fields: readonly string[],
  visible: readonly PersonalDataCategory[],
): string | null {
  const kinds = [
    ...new Set(
      fields.filter((field) => !mayWriteRulesOver(field, visible)).map((field) => categoryOf(field)),
    ),
  ].map((category) => CATEGORY_LABELS[category].toLowerCase());
  if (kinds.length === 0) return null;
  const list = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
  return `Your role sees ${list} masked, so it cannot write or test rules over them.`;
}
