import { currencyDecimals } from "../../../shared/contract/iso-4217";
import { parseMajorUnits } from "../config/amounts";
import { minorUnitsToDecimalString } from "../money/format";
import type { Clause, Outcome, PolicyDocument } from "./rules";

/**
 * The draft editor's form values: every input a string (amounts in major units, lists as text), so a person types
 * them as they read them; `toDocumentDraft` turns them into a policy document for the schema to check
 * (lib/universal/policies/editor-schema.ts). Zod-free: the page loads the schema only when it validates.
 */

export type ClauseKind = Clause["kind"];

export const CLAUSE_KINDS: readonly { kind: ClauseKind; label: string }[] = [
  { kind: "amount", label: "Amount" },
  { kind: "currency", label: "Currency" },
  { kind: "senderDomain", label: "Sender's domain" },
  { kind: "senderAllowListed", label: "Sender on the allow-list" },
  { kind: "counterpartyField", label: "Sender's field given or missing" },
  { kind: "counterpartyValue", label: "Sender's field value" },
  { kind: "recipientType", label: "Recipient type" },
  { kind: "recipientKyc", label: "Recipient's KYC status" },
  { kind: "recipientAgeDays", label: "Recipient's account age" },
  { kind: "velocity", label: "Velocity" },
  { kind: "screeningClear", label: "Sender screened clear" },
  { kind: "screeningScore", label: "Sender's screening score" },
];

export const MEMBERSHIP_KINDS: ReadonlySet<ClauseKind> = new Set([
  "currency",
  "senderDomain",
  "counterpartyValue",
  "recipientType",
  "recipientKyc",
]);

export interface ClauseValues {
  kind: ClauseKind;
  side: "receiving" | "sending";
  currency: string;
  /** lt/lte/gt/gte/eq for comparisons, in/notIn for lists. */
  op: string;
  /** An amount in major units, a number of days, or a count of payments. */
  amount: string;
  /** A list, separated by commas or new lines. */
  values: string;
  field: string;
  /** senderAllowListed's value, counterpartyField's present. */
  flag: "true" | "false";
  per: "sender" | "recipient";
  measure: "count" | "amount";
  hours: string;
}

export interface RuleValues {
  id: string;
  name: string;
  when: ClauseValues[];
  decision: "approve" | "reject" | "hold";
  code: string;
  /** The rejection's text (the outcome's `message`). */
  reason: string;
  queue: string;
  priority: "normal" | "high";
}

export interface EditorValues {
  rules: RuleValues[];
  /** Allow-listed sender domains, separated by commas or new lines. */
  domains: string;
}

export function blankClause(kind: ClauseKind = "amount"): ClauseValues {
  return {
    kind,
    side: "receiving",
    currency: "USD",
    op: MEMBERSHIP_KINDS.has(kind) ? "in" : kind === "recipientAgeDays" ? "lt" : "gte",
    amount: "",
    values: kind === "recipientType" ? "INDIVIDUAL" : "",
    field: "",
    flag: "true",
    per: "sender",
    measure: "count",
    hours: "24",
  };
}

export function blankRule(position: number): RuleValues {
  const random = Math.random().toString(36).slice(2, 8);
  return {
    id: `rule-${random}`,
    name: `Rule ${position}`,
    when: [blankClause()],
    decision: "hold",
    code: "POLICY_REJECTED",
    reason: "",
    queue: "Compliance",
    priority: "normal",
  };
}

const decimalsOf = (currency: string) => currencyDecimals(currency.trim().toUpperCase()) ?? 2;
const splitList = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

function clauseToValues(clause: Clause): ClauseValues {
  const base = blankClause(clause.kind);
  switch (clause.kind) {
    case "amount":
      return {
        ...base,
        ...clause,
        amount: minorUnitsToDecimalString(clause.value, decimalsOf(clause.currency)),
      };
    case "currency":
    case "senderDomain":
    case "recipientType":
    case "recipientKyc":
      return { ...base, ...clause, values: clause.values.join(", ") };
    case "counterpartyValue":
      return { ...base, field: clause.field, op: clause.op, values: clause.values.join(", ") };
    case "senderAllowListed":
      return { ...base, flag: clause.value ? "true" : "false" };
    case "counterpartyField":
      return { ...base, field: clause.field, flag: clause.present ? "true" : "false" };
    case "recipientAgeDays":
    case "screeningScore":
      return { ...base, op: clause.op, amount: String(clause.value) };
    case "screeningClear":
      return { ...base, flag: clause.value ? "true" : "false" };
    case "velocity":
      return {
        ...base,
        per: clause.per,
        measure: clause.measure,
        currency: clause.currency ?? "",
        hours: String(clause.hours),
        op: clause.op,
        amount:
          clause.measure === "amount" && clause.currency
            ? minorUnitsToDecimalString(clause.value, decimalsOf(clause.currency))
            : String(clause.value),
      };
  }
}

export function documentToValues(document: PolicyDocument): EditorValues {
  return {
    rules: document.rules.map((rule) => ({
      ...blankRule(0),
      id: rule.id,
      name: rule.name,
      when: rule.when.map(clauseToValues),
      decision: rule.then.decision,
      ...(rule.then.decision === "reject" ? { code: rule.then.code, reason: rule.then.message } : {}),
      ...(rule.then.decision === "hold" ? { queue: rule.then.queue, priority: rule.then.priority } : {}),
    })),
    domains: document.allowListedDomains.join("\n"),
  };
}

export interface EditorIssue {
  path: (string | number)[];
  message: string;
}

/** A whole number typed in a field, or NaN (the schema then says what it wants). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function valuesToClause(values: ClauseValues, path: (string | number)[], issues: EditorIssue[]): unknown {
  const money = (currency: string) => {
    const parsed = parseMajorUnits(values.amount, decimalsOf(currency), { currencyCode: currency });
    if (parsed.ok) return parsed.minor;
    issues.push({ path: [...path, "amount"], message: parsed.error });
    return 0;
  };
  const currency = values.currency.trim().toUpperCase();
  switch (values.kind) {
    case "amount":
      return { kind: "amount", side: values.side, currency, op: values.op, value: money(currency) };
    case "currency":
      return {
        kind: "currency",
        side: values.side,
        op: values.op,
        values: splitList(values.values.toUpperCase()),
      };
    case "senderDomain":
      return { kind: "senderDomain", op: values.op, values: splitList(values.values.toLowerCase()) };
    case "senderAllowListed":
      return { kind: "senderAllowListed", value: values.flag === "true" };
    case "counterpartyField":
      return {
        kind: "counterpartyField",
        field: values.field.trim().toUpperCase(),
        present: values.flag === "true",
      };
    case "counterpartyValue":
      return {
        kind: "counterpartyValue",
        field: values.field.trim().toUpperCase(),
        op: values.op,
        values: splitList(values.values),
      };
    case "recipientType":
      return { kind: "recipientType", op: values.op, values: splitList(values.values.toUpperCase()) };
    case "recipientKyc":
      return { kind: "recipientKyc", op: values.op, values: splitList(values.values.toUpperCase()) };
    case "recipientAgeDays":
      return { kind: "recipientAgeDays", op: values.op, value: wholeNumber(values.amount) };
    case "screeningClear":
      return { kind: "screeningClear", value: values.flag === "true" };
    case "screeningScore":
      return { kind: "screeningScore", op: values.op, value: wholeNumber(values.amount) };
    case "velocity":
      return {
        kind: "velocity",
        per: values.per,
        measure: values.measure,
        ...(currency ? { currency } : {}),
        hours: wholeNumber(values.hours),
        op: values.op,
        value: values.measure === "amount" && currency ? money(currency) : wholeNumber(values.amount),
      };
  }
}

function valuesToOutcome(rule: RuleValues): Outcome | Record<string, unknown> {
  if (rule.decision === "reject") return { decision: "reject", code: rule.code.trim(), message: rule.reason };
  if (rule.decision === "hold") return { decision: "hold", queue: rule.queue, priority: rule.priority };
  return { decision: "approve" };
}

/** The document the form describes (not yet checked), and the amounts it could not read. */
export function toDocumentDraft(values: EditorValues): { document: unknown; issues: EditorIssue[] } {
  const issues: EditorIssue[] = [];
  const rules = values.rules.map((rule, index) => ({
    id: rule.id,
    name: rule.name,
    when: rule.when.map((clause, at) => valuesToClause(clause, ["rules", index, "when", at], issues)),
    then: valuesToOutcome(rule),
  }));
  return { document: { rules, allowListedDomains: splitList(values.domains) }, issues };
}

const AMOUNT_VALUE: ReadonlySet<ClauseKind> = new Set([
  "amount",
  "recipientAgeDays",
  "velocity",
  "screeningScore",
]);

/** Where a schema issue about the document belongs in the form (the field a person typed it in). */
export function editorPathOf(path: readonly PropertyKey[], values: EditorValues): (string | number)[] {
  const [top, ruleIndex, part, clauseIndex, key] = path;
  if (top === "allowListedDomains") return ["domains"];
  if (top !== "rules" || typeof ruleIndex !== "number") return ["root"];
  if (part === "then")
    return ["rules", ruleIndex, typeof clauseIndex === "string" ? clauseIndex : "decision"];
  if (part !== "when") return part === undefined ? ["root"] : ["rules", ruleIndex, String(part)];
  if (typeof clauseIndex !== "number") return ["rules", ruleIndex, "when", "root"];
  const kind = values.rules[ruleIndex]?.when[clauseIndex]?.kind;
  const field =
    key === "value" && kind && AMOUNT_VALUE.has(kind)
      ? "amount"
      : key === "value" || key === "present"
        ? "flag"
        : typeof key === "string"
          ? key
          : "kind";
  return ["rules", ruleIndex, "when", clauseIndex, field];
}
